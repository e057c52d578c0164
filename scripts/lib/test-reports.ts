// Reading the runners' JSON reports (Vitest's json reporter, Playwright's json reporter): which tests passed, which
// failed and why. Shared by `npm test` (its final "tests:" line and the failed tests' names) and `npm run test:soak`
// (every failure of every run). A test that passed only on a retry counts as failed: a retry must never hide a flake.
import fs from "node:fs";
import path from "node:path";

export interface TestOutcome {
  /** "<file> › <full name>", the file relative to the repository. */
  name: string;
  status: "passed" | "failed" | "skipped";
  /** The first lines of the failure, when it failed. */
  message?: string;
  /** Vitest's tags of the test. */
  tags?: string[];
}

export interface VitestJson {
  testResults?: {
    name?: string;
    message?: string;
    status?: string;
    assertionResults?: { status?: string; fullName?: string; failureMessages?: string[]; tags?: string[] }[];
  }[];
}

export interface PlaywrightJsonSuite {
  file?: string;
  title?: string;
  specs?: {
    title?: string;
    ok?: boolean;
    tests?: { status?: string; results?: { status?: string; duration?: number; error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightJsonSuite[];
}

export interface PlaywrightJson {
  suites?: PlaywrightJsonSuite[];
  errors?: { message?: string }[];
}

/** A runner's JSON report, or null when it is missing or not JSON (the runner crashed before writing it). */
export function readReport(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

const firstLines = (text: string | undefined, n = 6): string | undefined =>
  text
    ?.replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .slice(0, n)
    .join("\n")
    .trim() || undefined;

/** Every test of a Vitest JSON report; a file that failed to load counts as one failed test named after the file. */
export function vitestOutcomes(report: VitestJson | null, root: string, label = ""): TestOutcome[] {
  const out: TestOutcome[] = [];
  for (const file of report?.testResults ?? []) {
    const rel = path.relative(root, file.name ?? "?");
    const tests = file.assertionResults ?? [];
    if (tests.length === 0 && file.status === "failed") {
      out.push({ name: `${rel} › (the file failed to run)${label}`, status: "failed", message: firstLines(file.message) });
      continue;
    }
    for (const t of tests) {
      const status = t.status === "passed" ? "passed" : t.status === "failed" ? "failed" : "skipped";
      out.push({
        name: `${rel} › ${t.fullName ?? "?"}${label}`,
        status,
        tags: t.tags ?? [],
        ...(status === "failed" ? { message: firstLines(t.failureMessages?.join("\n")) } : {}),
      });
    }
  }
  return out;
}

/**
 * Every test of a Playwright JSON report. Playwright calls a test that failed and then passed on a retry "flaky" and
 * its spec `ok`; here it is failed, with the first failure's message.
 */
export function playwrightOutcomes(report: PlaywrightJson | null): TestOutcome[] {
  const out: TestOutcome[] = [];
  const walk = (suites: PlaywrightJsonSuite[] | undefined, file: string | undefined, titles: string[]): void => {
    for (const s of suites ?? []) {
      const f = s.file ?? file;
      // The file's own suite carries the file name as its title; describe blocks below it add theirs.
      const path_ = s.file && !file ? titles : s.title ? [...titles, s.title] : titles;
      for (const spec of s.specs ?? []) {
        const results = (spec.tests ?? []).flatMap((t) => t.results ?? []);
        const statuses = (spec.tests ?? []).map((t) => t.status);
        const failedOnce = results.some((r) => r.status === "failed" || r.status === "timedOut" || r.status === "interrupted");
        const skipped = statuses.length > 0 && statuses.every((st) => st === "skipped");
        const status = skipped ? "skipped" : spec.ok === false || failedOnce ? "failed" : "passed";
        const error = results.find((r) => r.error?.message)?.error?.message;
        out.push({
          name: `${f ?? "?"} › ${[...path_, spec.title ?? "?"].join(" › ")}`,
          status,
          ...(status === "failed" ? { message: firstLines(error) ?? "(no message)" } : {}),
        });
      }
      walk(s.suites, f, path_);
    }
  };
  walk(report?.suites, undefined, []);
  // An error outside any test (a global setup, a web server that did not start) fails the run.
  for (const e of report?.errors ?? []) out.push({ name: "(playwright run)", status: "failed", message: firstLines(e.message) });
  return out;
}

export function tally(outcomes: TestOutcome[]): { passed: number; failed: number; skipped: number } {
  return {
    passed: outcomes.filter((o) => o.status === "passed").length,
    failed: outcomes.filter((o) => o.status === "failed").length,
    skipped: outcomes.filter((o) => o.status === "skipped").length,
  };
}

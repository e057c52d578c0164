// `npm test`: every check, in order: formatting, lint, type check, unit + integration tests (Vitest, against the real
// sandbox and real databases), then the Playwright suite against the built app in the system Chromium, then the
// JS-per-page and Lighthouse budget checks on that same build.
// Ends with one line "tests: N passed, N failed" counted from the runners' JSON reports.
import fs from "node:fs";
import path from "node:path";
import { bin, ROOT, run } from "./lib/processes";

interface Step {
  name: string;
  cmd: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

/** The suites that run a second time under the family profile (#16): every gateway contract suite, the money actions. */
const FAMILY_PROFILE_SUITES = [
  "server/gateway/contract/",
  "server/gateway/operations-profile.test.ts",
  "server/services/payments/money-actions.test.ts",
  "server/services/payments/money-permissions.test.ts",
  "server/services/payments/new/create-card-payment.test.ts",
  "server/services/refunds/",
  "server/services/recurring/",
  "server/services/saved-cards/",
  "server/services/notifications/receive-notification.test.ts",
  "server/services/notifications/forged-flood.test.ts",
  "tests/faults/money-action-faults.test.ts",
  "tests/faults/new-charge-faults.test.ts",
];

function withoutPostgres(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { TEST_POSTGRES_URL: _unused, ...rest } = env;
  return rest;
}

const steps: Step[] = [
  { name: "format (prettier --check)", cmd: bin("prettier"), args: ["--check", "--log-level=warn", "**/*.{ts,tsx,mjs,css}"] },
  { name: "lint", cmd: bin("eslint"), args: ["--max-warnings=0", "."] },
  { name: "typecheck", cmd: bin("tsc"), args: ["--noEmit"] },
  {
    name: "unit + integration (vitest)",
    cmd: bin("vitest"),
    args: ["run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest.json"],
  },
  // #16: the gateway contract suites and the money-action integration tests again under the family profile (the
  // sandbox reads the same GATEWAY_PROFILE). PGlite only (TEST_POSTGRES_URL unset) to keep the run short: the
  // Postgres-specific behaviour is covered by the first pass; see the README.
  {
    name: "gateway contract + money actions under GATEWAY_PROFILE=family (vitest, PGlite)",
    cmd: bin("vitest"),
    args: ["run", ...FAMILY_PROFILE_SUITES, "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest-family.json"],
    env: { ...withoutPostgres(process.env), GATEWAY_PROFILE: "family" },
  },
  { name: "no secret in browser files", cmd: bin("tsx"), args: [path.join(ROOT, "scripts/check-bundle-secrets.ts")] },
  { name: "browser (playwright)", cmd: bin("tsx"), args: [path.join(ROOT, "scripts/e2e.ts")] },
  // JS per page (gzipped, +40 KB over an empty Next.js page) and Lighthouse (desktop, median of up to 3 runs), on the
  // build the browser tests just made; ports of its own.
  {
    name: "JS and Lighthouse budgets",
    cmd: bin("tsx"),
    args: [path.join(ROOT, "scripts/bench.ts"), "js", "lighthouse", "--check", "--no-build"],
    env: { ...process.env, NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next", BENCH_PORT: "3600", BENCH_SANDBOX_PORT: "4610" },
  },
];

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8"));
  } catch {
    return null;
  }
}

interface VitestSummary {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
}

/** The vitest reports of both passes (default profile, then the family profile), added up. */
function vitestSummary(): VitestSummary {
  const files = ["test-results/vitest.json", "test-results/vitest-family.json"].map((f) => readJson(f) as VitestSummary | null);
  const sum = (k: keyof VitestSummary) => files.reduce((n, f) => n + (f?.[k] ?? 0), 0);
  return {
    numPassedTests: sum("numPassedTests"),
    numFailedTests: sum("numFailedTests"),
    numPendingTests: sum("numPendingTests"),
    numTodoTests: sum("numTodoTests"),
  };
}

function counts(): { passed: number; failed: number; skipped: number } {
  const v = vitestSummary();
  const p = readJson("test-results/playwright.json") as {
    stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
  } | null;
  return {
    passed: (v?.numPassedTests ?? 0) + (p?.stats?.expected ?? 0) + (p?.stats?.flaky ?? 0),
    failed: (v?.numFailedTests ?? 0) + (p?.stats?.unexpected ?? 0),
    skipped: (v?.numPendingTests ?? 0) + (v?.numTodoTests ?? 0) + (p?.stats?.skipped ?? 0),
  };
}

// The failed tests by file and name, printed last so that a CI log's tail says which test failed, not only how many.
function failedTestNames(): string[] {
  const names: string[] = [];
  for (const [report, label] of [
    ["test-results/vitest.json", ""],
    ["test-results/vitest-family.json", " [GATEWAY_PROFILE=family]"],
  ] as const) {
    const v = readJson(report) as {
      testResults?: { name?: string; assertionResults?: { status?: string; fullName?: string }[] }[];
    } | null;
    for (const file of v?.testResults ?? []) {
      for (const t of file.assertionResults ?? []) {
        if (t.status === "failed") names.push(`${path.relative(ROOT, file.name ?? "")} › ${t.fullName ?? "?"}${label}`);
      }
    }
  }
  interface PwSuite {
    file?: string;
    specs?: { title?: string; ok?: boolean }[];
    suites?: PwSuite[];
  }
  const p = readJson("test-results/playwright.json") as { suites?: PwSuite[] } | null;
  const walk = (suites: PwSuite[] | undefined): void => {
    for (const s of suites ?? []) {
      for (const spec of s.specs ?? []) if (spec.ok === false) names.push(`${s.file ?? "?"} › ${spec.title ?? "?"}`);
      walk(s.suites);
    }
  };
  walk(p?.suites);
  return names;
}

fs.rmSync(path.join(ROOT, "test-results"), { recursive: true, force: true });
fs.mkdirSync(path.join(ROOT, "test-results"), { recursive: true });
const failedSteps: string[] = [];
for (const step of steps) {
  const started = Date.now();
  console.log(`\n=== ${step.name} ===`);
  const code = await run(step.cmd, step.args, step.env);
  console.log(`=== ${step.name}: ${code === 0 ? "ok" : `FAILED (exit ${code})`} in ${Math.round((Date.now() - started) / 1000)} s ===`);
  if (code !== 0) failedSteps.push(step.name);
}
const c = counts();
const names = failedTestNames();
if (names.length) console.log(`\nFailed tests:\n${names.map((n) => `  - ${n}`).join("\n")}`);
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(", ")}`);
// A failed lint or type check is a failure even when every test passed.
const failed = c.failed + (c.failed === 0 && failedSteps.length ? failedSteps.length : 0);
console.log(`\ntests: ${c.passed} passed, ${failed} failed${c.skipped ? `, ${c.skipped} skipped` : ""}`);
process.exit(failedSteps.length ? 1 : 0);

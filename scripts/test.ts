// `npm test`: every check, in order: formatting, lint and type check (side by side), unit + integration tests (Vitest,
// against the real sandbox and real databases), one production build scanned for secrets, the packaged app from an
// empty folder and through a database outage and a stop under load, the Playwright suite
// against that build in the system Chromium, then the JS-per-page and Lighthouse budget checks on the same build.
// Prints the time of every step and the slowest files (also in test-results/durations.md), then ends with one line
// "tests: N passed, N failed" counted from the runners' JSON reports.
import fs from "node:fs";
import path from "node:path";
import { PROFILE_TAG, profileTaggedFiles } from "./lib/profile-suites";
import { bin, ROOT, run, runCaptured } from "./lib/processes";
import {
  fileTable,
  formatSeconds,
  playwrightFileDurations,
  slowest,
  stepTable,
  type PlaywrightSuite,
  type StepTime,
} from "./lib/test-durations";
import {
  playwrightOutcomes,
  readReport,
  tally,
  vitestOutcomes,
  type PlaywrightJson,
  type TestOutcome,
  type VitestJson,
} from "./lib/test-reports";
import type { FileDuration } from "./lib/vitest-durations-reporter";

interface Step {
  name: string;
  cmd: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

/** Steps in one stage run at the same time, their output printed whole as each ends; stages run one after another. */
type Stage = Step | Step[];

function withoutPostgres(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { TEST_POSTGRES_URL: _unused, ...rest } = env;
  return rest;
}

const vitestReporters = (name: string) => [
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=test-results/${name}.json`,
  `--reporter=${path.join(ROOT, "scripts/lib/vitest-durations-reporter.ts")}`,
];

const stages: Stage[] = [
  // Three single-threaded checks on two cores: side by side they take the time of about two.
  [
    { name: "format (prettier --check)", cmd: bin("prettier"), args: ["--check", "--log-level=warn", "**/*.{ts,tsx,mjs,css}"] },
    { name: "lint", cmd: bin("eslint"), args: ["--max-warnings=0", "."] },
    { name: "typecheck", cmd: bin("tsc"), args: ["--noEmit"] },
  ],
  {
    name: "unit + integration (vitest)",
    cmd: bin("vitest"),
    args: ["run", ...vitestReporters("vitest")],
    env: { ...process.env, VITEST_DURATIONS_FILE: path.join(ROOT, "test-results/vitest-durations.json") },
  },
  // The tests tagged "gateway-profile" (the signing, the parsers, the gateway calls the profile changes) again under
  // the family profile, the sandbox verifying with the same GATEWAY_PROFILE. PGlite only (TEST_POSTGRES_URL unset):
  // the Postgres-specific behaviour is the first pass's, and does not depend on the profile; see the README.
  {
    name: "tests tagged gateway-profile under GATEWAY_PROFILE=family (vitest, PGlite)",
    cmd: bin("vitest"),
    args: ["run", ...profileTaggedFiles(ROOT), `--tags-filter=${PROFILE_TAG}`, ...vitestReporters("vitest-family")],
    env: {
      ...withoutPostgres(process.env),
      GATEWAY_PROFILE: "family",
      VITEST_DURATIONS_FILE: path.join(ROOT, "test-results/vitest-family-durations.json"),
    },
  },
  // The one production build of the run, made with unmistakable secret values in its environment and scanned for
  // them; the browser tests and the budgets below use it as it is (they find it fresh and build nothing).
  {
    name: "build + no secret in browser files",
    cmd: bin("tsx"),
    args: [path.join(ROOT, "scripts/check-bundle-secrets.ts"), "--keep", process.env.NEXT_DIST_DIR || ".next"],
  },
  // PCI DSS 6.4.3 on the same build: the payment pages' script inventory (path, sha384, why), printed and written to
  // .next/script-inventory.json; the browser suite then fails on a payment page that loads anything else
  // (e2e/payment-page-scripts.spec.ts).
  {
    name: "payment-page script inventory",
    cmd: bin("tsx"),
    args: [path.join(ROOT, "scripts/script-inventory.ts"), process.env.NEXT_DIST_DIR || ".next"],
  },
  // The Dockerfile's recipe outside a container: the build packaged into an empty folder and run as the image would.
  { name: "standalone from an empty folder (the image's steps)", cmd: bin("tsx"), args: [path.join(ROOT, "scripts/check-standalone.ts")] },
  // The same package on a private PostgreSQL server: a boot with the database down, then SIGTERM under load.
  {
    name: "operations: a boot with the database down, SIGTERM under load",
    cmd: bin("tsx"),
    args: [path.join(ROOT, "scripts/check-operations.ts")],
  },
  { name: "browser (playwright)", cmd: bin("tsx"), args: [path.join(ROOT, "scripts/e2e.ts")] },
  // JS per page (gzipped, +40 KB over an empty Next.js page) and Lighthouse (desktop, best of up to 5 runs), on the
  // same build; ports of its own.
  {
    name: "JS and Lighthouse budgets",
    cmd: bin("tsx"),
    args: [path.join(ROOT, "scripts/bench.ts"), "js", "lighthouse", "--check", "--no-build"],
    env: { ...process.env, NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next", BENCH_PORT: "3600", BENCH_SANDBOX_PORT: "4610" },
  },
];

const readJson = (file: string): unknown => readReport(path.join(ROOT, file));

/**
 * Every test of the run: both Vitest passes (default profile, then the family profile) and Playwright. The family pass
 * filters by tag and Vitest reports every test it left out as skipped, so only a tagged test skipped there counts.
 */
function outcomes(): TestOutcome[] {
  const family = vitestOutcomes(readJson("test-results/vitest-family.json") as VitestJson | null, ROOT, " [GATEWAY_PROFILE=family]");
  return [
    ...vitestOutcomes(readJson("test-results/vitest.json") as VitestJson | null, ROOT),
    ...family.filter((t) => t.status !== "skipped" || (t.tags ?? []).includes(PROFILE_TAG)),
    ...playwrightOutcomes(readJson("test-results/playwright.json") as PlaywrightJson | null),
  ];
}

async function runStage(stage: Stage): Promise<StepTime[]> {
  if (!Array.isArray(stage)) {
    const started = Date.now();
    console.log(`\n=== ${stage.name} ===`);
    const code = await run(stage.cmd, stage.args, stage.env);
    const t = { name: stage.name, seconds: (Date.now() - started) / 1000, ok: code === 0 };
    console.log(`=== ${stage.name}: ${t.ok ? "ok" : `FAILED (exit ${code})`} in ${Math.round(t.seconds)} s ===`);
    return [t];
  }
  console.log(`\n=== ${stage.map((s) => s.name).join(" | ")} (side by side) ===`);
  return Promise.all(
    stage.map(async (step) => {
      const started = Date.now();
      const { code, output } = await runCaptured(step.cmd, step.args, step.env);
      const t = { name: step.name, seconds: (Date.now() - started) / 1000, ok: code === 0 };
      if (output.trim()) process.stdout.write(`--- ${step.name} ---\n${output.endsWith("\n") ? output : `${output}\n`}`);
      console.log(`=== ${step.name}: ${t.ok ? "ok" : `FAILED (exit ${code})`} in ${Math.round(t.seconds)} s ===`);
      return t;
    }),
  );
}

fs.rmSync(path.join(ROOT, "test-results"), { recursive: true, force: true });
fs.mkdirSync(path.join(ROOT, "test-results"), { recursive: true });
const runStarted = Date.now();
const times: StepTime[] = [];
for (const stage of stages) times.push(...(await runStage(stage)));

// Where the time went: the steps (side-by-side steps each show their own time; the total is the wall time) and the
// slowest files of each runner.
const vitestFiles = [
  ...((readJson("test-results/vitest-durations.json") as FileDuration[] | null) ?? []),
  ...((readJson("test-results/vitest-family-durations.json") as FileDuration[] | null) ?? []).map((r) => ({
    ...r,
    file: `${r.file} [family]`,
  })),
];
const wall = (Date.now() - runStarted) / 1000;
const report = [
  `## npm test: ${formatSeconds(wall)}`,
  "",
  stepTable(times, wall),
  "",
  fileTable("### The 20 slowest Vitest files", slowest(vitestFiles)),
  "",
  fileTable(
    "### The 20 slowest Playwright files",
    slowest(playwrightFileDurations(readJson("test-results/playwright.json") as { suites?: PlaywrightSuite[] } | null)),
  ),
].join("\n");
fs.writeFileSync(path.join(ROOT, "test-results/durations.md"), `${report}\n`);
console.log(`\n${report}\n\n(written to test-results/durations.md)`);

const failedSteps = times.filter((t) => !t.ok).map((t) => t.name);
const all = outcomes();
const c = tally(all);
// The failed tests by file and name, printed last so that a CI log's tail says which test failed, not only how many.
const names = all.filter((t) => t.status === "failed").map((t) => t.name);
if (names.length) console.log(`\nFailed tests:\n${names.map((n) => `  - ${n}`).join("\n")}`);
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(", ")}`);
// A failed lint or type check is a failure even when every test passed.
const failed = c.failed + (c.failed === 0 && failedSteps.length ? failedSteps.length : 0);
console.log(`\ntests: ${c.passed} passed, ${failed} failed${c.skipped ? `, ${c.skipped} skipped` : ""}`);
process.exit(failedSteps.length || c.failed ? 1 : 0);

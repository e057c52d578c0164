// `npm run test:soak -- <files> [--runs N] [--load]`: runs the chosen Vitest files and Playwright specs N times (5 by
// default), optionally with one core kept busy by a CPU hog, and reports every test that failed in any run with its
// failure (also in test-results/soak.md). Use it on any test about timing, batching, locks or concurrency before it
// lands: a race that fails one run in ten on a quiet machine fails far more often here with --load.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { bin, ROOT, runCaptured } from "./lib/processes";
import { parseSoakArgs, soakReport, type SoakArgs, type SoakRun } from "./lib/soak-report";
import { playwrightOutcomes, readReport, vitestOutcomes, type PlaywrightJson, type TestOutcome, type VitestJson } from "./lib/test-reports";

let args: SoakArgs;
try {
  args = parseSoakArgs(process.argv.slice(2));
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(2);
}

const OUT = path.join(ROOT, "test-results/soak");
fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT, { recursive: true });

/** One core kept at 100 %: a busy loop in a child process (stress-ng's `--cpu 1`, without needing stress-ng). */
function startCpuHog(): ChildProcess {
  const hog = spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
  const stop = () => hog.kill("SIGKILL");
  process.once("exit", stop);
  process.once("SIGINT", () => process.exit(130));
  process.once("SIGTERM", () => process.exit(143));
  return hog;
}

/** A runner that failed with no failing test to show for it: its exit code and the last lines it printed. */
function crashOf(runner: string, code: number, output: string, found: TestOutcome[]): string[] {
  if (code === 0 || found.some((o) => o.status === "failed")) return [];
  return [`${runner} exited ${code}: ${output.trim().split("\n").slice(-5).join(" / ")}`];
}

async function oneRun(n: number): Promise<SoakRun> {
  const started = Date.now();
  const outcomes: TestOutcome[] = [];
  const crashed: string[] = [];
  if (args.vitestFiles.length) {
    const json = path.join(OUT, `vitest-${n}.json`);
    const { code, output } = await runCaptured(bin("vitest"), [
      "run",
      ...args.vitestFiles,
      "--reporter=dot",
      "--reporter=json",
      `--outputFile.json=${json}`,
    ]);
    const found = vitestOutcomes(readReport(json) as VitestJson | null, ROOT);
    outcomes.push(...found);
    crashed.push(...crashOf("vitest", code, output, found));
  }
  if (args.e2eSpecs.length) {
    const json = path.join(OUT, `playwright-${n}.json`);
    const { code, output } = await runCaptured(
      bin("tsx"),
      [path.join(ROOT, "scripts/e2e.ts"), ...args.e2eSpecs.map((s) => path.basename(s))],
      {
        ...process.env,
        PLAYWRIGHT_JSON_OUTPUT_FILE: json,
      },
    );
    const found = playwrightOutcomes(readReport(json) as PlaywrightJson | null);
    outcomes.push(...found);
    crashed.push(...crashOf("playwright", code, output, found));
  }
  return { seconds: (Date.now() - started) / 1000, outcomes, crashed };
}

const hog = args.load ? startCpuHog() : null;
const runs: SoakRun[] = [];
for (let i = 1; i <= args.runs; i++) {
  const r = await oneRun(i);
  runs.push(r);
  const failed = r.outcomes.filter((o) => o.status === "failed");
  console.log(
    `run ${i}/${args.runs}: ${r.outcomes.filter((o) => o.status === "passed").length} passed, ${failed.length + r.crashed.length} failed in ${Math.round(r.seconds)} s` +
      (failed.length || r.crashed.length ? `: ${[...failed.map((o) => o.name), ...r.crashed].join("; ")}` : ""),
  );
}
hog?.kill("SIGKILL");
const report = soakReport(args, runs);
fs.writeFileSync(path.join(ROOT, "test-results/soak.md"), `${report}\n`);
console.log(`\n${report}\n\n(written to test-results/soak.md)`);
process.exit(runs.some((r) => r.crashed.length || r.outcomes.some((o) => o.status === "failed")) ? 1 : 0);

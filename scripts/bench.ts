// `npm run bench`: the project's speed measurements (issue #7), one section at a time, each printing a table and
// writing bench/runs/<section>-<date>.json (ignored by git; `--publish` writes the committed bench/results/ instead). Sections: js, lighthouse, forward, callbacks, ledger, reports, search; all by default,
// or pick: `npm run bench -- js forward`. Builds the dashboard once into .next-bench (when stale) and runs it with
// its sandbox on 127.0.0.1 ports of its own (BENCH_PORT 3400, BENCH_SANDBOX_PORT 4410, the empty Next.js page on
// BENCH_BASELINE_PORT 3450), on a fresh PostgreSQL database (BENCH_DATABASE_URL's server, created and dropped).
// `--no-build` uses an existing build as it is (a shared working tree where sources keep changing).
// `--check` (js, lighthouse) exits non-zero when a page is over budget: `npm test` runs both.
import fs from "node:fs";
import path from "node:path";
import { buildIsFresh } from "./lib/build-freshness";
import { startBenchStack, type BenchStack } from "./lib/bench-stack";
import { resultsDir, writeResult } from "./lib/bench-util";
import { nextBuild } from "./lib/next-build";
import { ROOT } from "./lib/processes";

const ALL = ["js", "lighthouse", "forward", "callbacks", "ledger", "reports", "search"] as const;
type Section = (typeof ALL)[number];

const args = process.argv.slice(2);
const check = args.includes("--check");
// A run changes no tracked file unless asked to: --publish writes the committed bench/results/ (children inherit it).
if (args.includes("--publish")) process.env.BENCH_RESULTS_DIR = "bench/results";
const picked = args.filter((a) => !a.startsWith("--"));
for (const p of picked) if (!(ALL as readonly string[]).includes(p)) throw new Error(`unknown section ${p}; choose from ${ALL.join(", ")}`);
const sections: Section[] = picked.length ? (picked as Section[]) : [...ALL];

const port = Number(process.env.BENCH_PORT ?? 3400);
const sandboxPort = Number(process.env.BENCH_SANDBOX_PORT ?? 4410);
const baselinePort = Number(process.env.BENCH_BASELINE_PORT ?? 3450);
const distDir = process.env.NEXT_DIST_DIR || ".next-bench";

async function build(): Promise<void> {
  const built = fs.existsSync(path.join(ROOT, distDir, "BUILD_ID"));
  if (built && (args.includes("--no-build") || buildIsFresh(ROOT, distDir))) return;
  console.log(`Building the dashboard into ${distDir}…`);
  // nextBuild leaves tsconfig.json as it was (next build adds the dist folder to it).
  if ((await nextBuild({ ...process.env, NEXT_DIST_DIR: distDir })) !== 0) throw new Error("the build failed");
}

async function main() {
  const needsStack = sections.some((s) => s !== "ledger" && s !== "reports" && s !== "search");
  let failed = false;
  if (needsStack) await build();
  let stack: BenchStack | null = null;
  const stop = async () => {
    await stack?.stop();
    stack = null;
  };
  process.on("SIGINT", () => void stop().then(() => process.exit(130)));
  try {
    for (const section of sections) {
      console.log(`\n=== bench: ${section} ===`);
      if (section !== "ledger" && section !== "reports" && section !== "search" && !stack)
        stack = await startBenchStack({ port, sandboxPort, distDir, quiet: !process.env.BENCH_VERBOSE });
      let result: Record<string, unknown>;
      switch (section) {
        case "js": {
          const { benchJs } = await import("./lib/bench-js");
          const r = await benchJs(stack!, baselinePort);
          if (r.pages.some((page) => !page.withinBudget)) failed = true;
          result = r;
          break;
        }
        case "lighthouse": {
          const { benchLighthouse } = await import("./lib/bench-lighthouse");
          const r = await benchLighthouse(stack!);
          if (!r.allWithinBudget) failed = true;
          result = r;
          break;
        }
        case "forward": {
          const { benchForward } = await import("./lib/bench-forward");
          const r = await benchForward(stack!);
          if (!r.allWithinBudget) failed = true;
          result = r;
          break;
        }
        case "callbacks": {
          // Last of the stack's sections: 10,000 notifications leave work for the dashboard's queue.
          const { benchCallbacks } = await import("./lib/bench-callbacks");
          const r = await benchCallbacks(stack!);
          if (!r.allWithinBudget) failed = true;
          result = r;
          await stop();
          break;
        }
        case "ledger": {
          await stop();
          const { benchLedger } = await import("./lib/bench-ledger-runs");
          result = await benchLedger();
          break;
        }
        case "reports": {
          await stop();
          const { benchReports } = await import("./lib/bench-reports-runs");
          result = await benchReports();
          break;
        }
        case "search": {
          await stop();
          const { benchSearch } = await import("./lib/bench-search-runs");
          result = await benchSearch();
          break;
        }
      }
      // The budget check of `npm test` leaves the committed results alone.
      console.log(
        `Wrote ${writeResult(section === "ledger" || section === "reports" || section === "search" ? `${section}-summary` : section, result, check ? "test-results" : resultsDir())}`,
      );
    }
  } finally {
    await stop();
  }
  if (check && failed) {
    console.error("\nOver budget: see the table above.");
    process.exit(1);
  }
}

main().catch(async (e: unknown) => {
  console.error(e);
  process.exit(1);
});

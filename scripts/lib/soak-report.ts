// `npm run test:soak`: its arguments, and the report of every failure over the runs (which test, in which runs, the
// first lines of each distinct failure). Pure, so that the report's shape is tested without running anything.
import type { TestOutcome } from "./test-reports";

export interface SoakArgs {
  vitestFiles: string[];
  e2eSpecs: string[];
  runs: number;
  load: boolean;
}

export function parseSoakArgs(argv: string[]): SoakArgs {
  const files: string[] = [];
  let runs = 5;
  let load = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--load") load = true;
    else if (a === "--runs" || a.startsWith("--runs=")) {
      const value = a === "--runs" ? argv[++i] : a.slice("--runs=".length);
      runs = Number(value);
      if (!Number.isInteger(runs) || runs < 1 || runs > 200) throw new Error(`--runs takes a whole number from 1 to 200, not "${value}"`);
    } else if (a.startsWith("--")) throw new Error(`unknown option ${a} (usage: npm run test:soak -- <files> [--runs N] [--load])`);
    else files.push(a);
  }
  if (files.length === 0) throw new Error("name at least one test file (usage: npm run test:soak -- <files> [--runs N] [--load])");
  const e2eSpecs = files.filter((f) => f.endsWith(".spec.ts"));
  const vitestFiles = files.filter((f) => !e2eSpecs.includes(f));
  return { vitestFiles, e2eSpecs, runs, load };
}

export interface SoakRun {
  seconds: number;
  outcomes: TestOutcome[];
  /** A runner that failed without a failing test to show for it (it crashed, a server did not start). */
  crashed: string[];
}

export interface SoakFailure {
  name: string;
  runs: number[];
  messages: string[];
}

/** Every test that failed at least once, most often first, each with the runs it failed in and its distinct messages. */
export function soakFailures(runs: SoakRun[]): SoakFailure[] {
  const byName = new Map<string, SoakFailure>();
  runs.forEach((r, i) => {
    const failed = [
      ...r.outcomes.filter((o) => o.status === "failed"),
      ...r.crashed.map((what) => ({ name: `(runner) ${what}`, message: what })),
    ];
    for (const o of failed) {
      const f = byName.get(o.name) ?? { name: o.name, runs: [], messages: [] };
      if (!f.runs.includes(i + 1)) f.runs.push(i + 1);
      const m = o.message ?? "(no message)";
      if (!f.messages.includes(m)) f.messages.push(m);
      byName.set(o.name, f);
    }
  });
  return [...byName.values()].sort((a, b) => b.runs.length - a.runs.length || a.name.localeCompare(b.name));
}

export function soakReport(args: SoakArgs, runs: SoakRun[]): string {
  const failures = soakFailures(runs);
  const lines = [
    `## Soak: ${runs.length} run${runs.length === 1 ? "" : "s"}${args.load ? ", one core loaded" : ""}`,
    "",
    `Files: ${[...args.vitestFiles, ...args.e2eSpecs].join(", ")}`,
    "",
    "| Run | Passed | Failed | Time |",
    "| ---: | ---: | ---: | ---: |",
    ...runs.map((r, i) => {
      const passed = r.outcomes.filter((o) => o.status === "passed").length;
      const failed = r.outcomes.filter((o) => o.status === "failed").length + r.crashed.length;
      return `| ${i + 1} | ${passed} | ${failed} | ${Math.round(r.seconds)} s |`;
    }),
    "",
  ];
  if (failures.length === 0) lines.push("No test failed in any run.");
  else {
    lines.push(`### ${failures.length} test${failures.length === 1 ? "" : "s"} failed at least once`, "");
    for (const f of failures) {
      lines.push(`- **${f.name}**: failed in run${f.runs.length === 1 ? "" : "s"} ${f.runs.join(", ")} of ${runs.length}`);
      for (const m of f.messages) lines.push(...m.split("\n").map((l, j) => `${j === 0 ? "  - " : "    "}${l}`));
    }
  }
  return lines.join("\n");
}

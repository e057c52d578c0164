// Rule: a flaky test is found before it lands. `npm run test:soak` runs chosen files many times and its report names
// every test that failed in any run, with the runs and each distinct failure, so one failure in ten runs is never
// lost in a summary; bad arguments are refused with the usage rather than running something else.
import { describe, expect, it } from "vitest";
import { parseSoakArgs, soakFailures, soakReport, type SoakRun } from "./soak-report";

describe("soak arguments", () => {
  it("splits Vitest files from Playwright specs; 5 runs without load by default", () => {
    expect(parseSoakArgs(["server/a.test.ts", "e2e/auth.spec.ts", "--runs", "10", "--load"])).toEqual({
      vitestFiles: ["server/a.test.ts"],
      e2eSpecs: ["e2e/auth.spec.ts"],
      runs: 10,
      load: true,
    });
    expect(parseSoakArgs(["server/a.test.ts"])).toMatchObject({ runs: 5, load: false });
    expect(parseSoakArgs(["--runs=3", "x.test.ts"]).runs).toBe(3);
  });

  it("refuses no file, an unknown option and a run count that is not a whole number from 1 to 200", () => {
    expect(() => parseSoakArgs([])).toThrow(/at least one test file/);
    expect(() => parseSoakArgs(["a.test.ts", "--loud"])).toThrow(/unknown option --loud/);
    expect(() => parseSoakArgs(["a.test.ts", "--runs", "0"])).toThrow(/1 to 200/);
    expect(() => parseSoakArgs(["a.test.ts", "--runs", "x"])).toThrow(/not "x"/);
  });
});

describe("soak report", () => {
  const run = (failed: Array<[string, string]>, crashed: string[] = []): SoakRun => ({
    seconds: 12.4,
    crashed,
    outcomes: [
      { name: "a.test.ts › steady", status: "passed" },
      ...failed.map(([name, message]) => ({ name, status: "failed" as const, message })),
    ],
  });

  it("names every test that failed in any run, most often first, with each distinct message once", () => {
    const runs = [
      run([]),
      run([["b.test.ts › burst", "expected 4 to be ≤ 3"]]),
      run([
        ["b.test.ts › burst", "expected 5 to be ≤ 3"],
        ["c.test.ts › lock", "timeout"],
      ]),
      run([["b.test.ts › burst", "expected 4 to be ≤ 3"]], ["vitest exited 1"]),
    ];
    expect(soakFailures(runs)).toEqual([
      { name: "b.test.ts › burst", runs: [2, 3, 4], messages: ["expected 4 to be ≤ 3", "expected 5 to be ≤ 3"] },
      { name: "(runner) vitest exited 1", runs: [4], messages: ["vitest exited 1"] },
      { name: "c.test.ts › lock", runs: [3], messages: ["timeout"] },
    ]);
    const report = soakReport({ vitestFiles: ["b.test.ts"], e2eSpecs: [], runs: 4, load: true }, runs);
    expect(report).toContain("## Soak: 4 runs, one core loaded");
    expect(report).toContain("| 3 | 1 | 2 | 12 s |");
    expect(report).toContain("- **b.test.ts › burst**: failed in runs 2, 3, 4 of 4");
  });

  it("says so when nothing failed", () => {
    expect(soakReport({ vitestFiles: ["a.test.ts"], e2eSpecs: [], runs: 1, load: false }, [run([])])).toContain(
      "No test failed in any run.",
    );
  });
});

// Rule guarded: `npm test` shows where its time goes (the suite's time budget is kept by measuring, not guessing):
// the step table and the slowest files read the runners' reports correctly.
import { describe, expect, it } from "vitest";
import { fileTable, formatSeconds, playwrightFileDurations, slowest, stepTable } from "./test-durations";

describe("test durations", () => {
  it("adds up every result of every test per Playwright spec file, nested describes included", () => {
    const rows = playwrightFileDurations({
      suites: [
        {
          file: "a.spec.ts",
          specs: [{ tests: [{ results: [{ duration: 1_000 }, { duration: 500 }] }] }],
          suites: [{ specs: [{ tests: [{ results: [{ duration: 2_000 }] }] }] }],
        },
        { file: "b.spec.ts", specs: [{ tests: [{ results: [{ duration: 300 }] }] }] },
        { file: "empty.spec.ts", specs: [] },
      ],
    });
    expect(rows).toEqual([
      { file: "e2e/a.spec.ts", ms: 3_500, importMs: 0, tests: 2 },
      { file: "e2e/b.spec.ts", ms: 300, importMs: 0, tests: 1 },
    ]);
    expect(playwrightFileDurations(null)).toEqual([]);
  });

  it("lists the slowest files first, at most n", () => {
    const rows = [1, 5, 3, 4, 2].map((s) => ({ file: `f${s}`, ms: s * 1000, importMs: 0, tests: 1 }));
    expect(slowest(rows, 3).map((r) => r.file)).toEqual(["f5", "f4", "f3"]);
    expect(fileTable("T", slowest(rows, 1))).toContain("| f5 | 5.0 | 1 |");
  });

  it("prints each step with its time and result, and the wall time last", () => {
    const table = stepTable(
      [
        { name: "lint", seconds: 40.4, ok: true },
        { name: "vitest", seconds: 605, ok: false },
      ],
      650,
    );
    expect(table.split("\n")).toEqual([
      "| step | time | result |",
      "| --- | ---: | --- |",
      "| lint | 40 s | ok |",
      "| vitest | 10 min 05 s | FAILED |",
      "| **wall time** | **10 min 50 s** | |",
    ]);
    expect(formatSeconds(59.6)).toBe("1 min 00 s");
  });
});

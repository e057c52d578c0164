// Rule guarded: the Lighthouse budget judges each metric's median; stopping early must never change that verdict.
import { describe, expect, it } from "vitest";
import { CPU_MULTIPLIER_RANGE, cpuMultiplierFor, enoughRuns, REFERENCE_BENCHMARK_INDEX, type RunMetrics } from "./lighthouse-runs";

const clear: RunMetrics = { score: 1, cls: 0.001, tbtMs: 20 };
const good: RunMetrics = { score: 0.96, cls: 0.001, tbtMs: 80 };
const slow: RunMetrics = { score: 0.93, cls: 0.001, tbtMs: 213 };

describe("enoughRuns (rule: stopping early keeps the median's verdict)", () => {
  it("of 5 runs, stops after 3 within budget (the median of 5 is then within budget whatever follows)", () => {
    expect(enoughRuns([good, good], 5)).toBe(false);
    expect(enoughRuns([good, good, good], 5)).toBe(true);
    expect(enoughRuns([slow, good, good, good], 5)).toBe(true);
  });
  it("a noisy run costs more runs, not a pass: two good runs of five are not enough", () => {
    expect(enoughRuns([slow, good, slow, good], 5)).toBe(false);
  });
  it("of 3 runs, two good ones are enough (the earlier rule)", () => expect(enoughRuns([good, good], 3)).toBe(true));
  it("a first run at most half way to every limit settles the page alone", () => {
    expect(enoughRuns([clear], 5)).toBe(true);
  });
  it("a first run near a limit does not: a page close to its budget gets the median of several", () => {
    expect(enoughRuns([good], 5)).toBe(false);
    expect(enoughRuns([{ ...clear, tbtMs: 50 }], 5)).toBe(false);
    expect(enoughRuns([{ ...clear, cls: 0.025 }], 5)).toBe(false);
    expect(enoughRuns([{ ...clear, score: 0.97 }], 5)).toBe(false);
  });
  it("only a first run settles alone: a clear run after a slow one still needs the majority", () => {
    expect(enoughRuns([slow, clear], 5)).toBe(false);
  });
});

describe("cpuMultiplierFor (rule: the budget is judged on the reference CPU, whatever machine runs it)", () => {
  it("a run on the reference CPU is audited as measured", () => expect(cpuMultiplierFor(REFERENCE_BENCHMARK_INDEX)).toBe(1));
  it("a machine twice as slow halves the simulated tasks; one faster lengthens them", () => {
    expect(cpuMultiplierFor(REFERENCE_BENCHMARK_INDEX / 2)).toBe(0.5);
    expect(cpuMultiplierFor(REFERENCE_BENCHMARK_INDEX * 1.5)).toBe(1.5);
  });
  it("a machine too slow to measure is not excused by a division: the correction stops at 3 times slower", () => {
    expect(cpuMultiplierFor(REFERENCE_BENCHMARK_INDEX / 10)).toBe(CPU_MULTIPLIER_RANGE.min);
    expect(cpuMultiplierFor(REFERENCE_BENCHMARK_INDEX * 10)).toBe(CPU_MULTIPLIER_RANGE.max);
  });
  it("no index measured (0, NaN): audited as measured", () => {
    expect(cpuMultiplierFor(0)).toBe(1);
    expect(cpuMultiplierFor(Number.NaN)).toBe(1);
  });
});

// Rule guarded: the Lighthouse budget judges the page, not the machine: a busy core only adds blocking time and lowers
// the score, so those are judged on the best run; layout shift (the page's own) on the median; stopping early never
// changes the verdict.
import { describe, expect, it } from "vitest";
import {
  CPU_MULTIPLIER_RANGE,
  cpuMultiplierFor,
  BUSY_BELOW_INDEX,
  enoughRuns,
  busyRun,
  machineLoadBetween,
  moreRunsAllowed,
  judgedMetrics,
  REFERENCE_BENCHMARK_INDEX,
  runWithinBudget,
  type RunMetrics,
} from "./lighthouse-runs";

const good: RunMetrics = { score: 0.99, cls: 0.001, tbtMs: 20 };
const contended: RunMetrics = { score: 0.93, cls: 0.001, tbtMs: 213 };

describe("judgedMetrics (rule: a busy core is not the page's cost)", () => {
  it("the loaded run's Arabic Overview (TBT 10–350 ms, median 137) is judged on its least blocking time", () => {
    const runs = [350, 137, 10, 180, 120].map((tbtMs) => ({ score: tbtMs < 100 ? 0.99 : 0.9, cls: 0, tbtMs }));
    expect(judgedMetrics(runs)).toEqual({ score: 0.99, tbtMs: 10, cls: 0 });
    expect(runWithinBudget(judgedMetrics(runs))).toBe(true);
  });
  it("a page whose every run is over budget fails, however many runs: the best of them is over too", () => {
    const runs = [130, 150, 104, 220, 118].map((tbtMs) => ({ score: 0.96, cls: 0, tbtMs }));
    expect(judgedMetrics(runs).tbtMs).toBe(104);
    expect(runWithinBudget(judgedMetrics(runs))).toBe(false);
  });
  it("layout shift is judged on the median: a page that shifts in most runs fails even if one run did not", () => {
    const runs = [0.06, 0.0, 0.07].map((cls) => ({ ...good, cls }));
    expect(judgedMetrics(runs).cls).toBe(0.06);
    expect(runWithinBudget(judgedMetrics(runs))).toBe(false);
  });
  it("no run, no verdict: judging nothing is an error, not a pass", () => expect(() => judgedMetrics([])).toThrow());
});

describe("enoughRuns (rule: stop once within budget; more runs could only improve the best)", () => {
  it("a first run within budget settles the page", () => expect(enoughRuns([good])).toBe(true));
  it("a contended run asks for another; a good one after it settles", () => {
    expect(enoughRuns([contended])).toBe(false);
    expect(enoughRuns([contended, good])).toBe(true);
  });
  it("no run is not enough", () => expect(enoughRuns([])).toBe(false));
});

describe("moreRunsAllowed (rule: a run spoiled by another process is replaced; a page slow on a quiet CPU still fails)", () => {
  const slowQuiet = { ...contended, benchmarkIndex: REFERENCE_BENCHMARK_INDEX };
  const slowBusy = { ...contended, benchmarkIndex: BUSY_BELOW_INDEX - 1 };
  it("quiet runs over budget: five and no more", () => {
    expect(moreRunsAllowed(Array(4).fill(slowQuiet), 5)).toBe(true);
    expect(moreRunsAllowed(Array(5).fill(slowQuiet), 5)).toBe(false);
  });
  it("each busy run earns one more, up to twice the runs", () => {
    expect(moreRunsAllowed([...Array(3).fill(slowBusy), ...Array(2).fill(slowQuiet)], 5)).toBe(true);
    expect(moreRunsAllowed([...Array(3).fill(slowBusy), ...Array(5).fill(slowQuiet)], 5)).toBe(false);
    expect(moreRunsAllowed(Array(9).fill(slowBusy), 5)).toBe(true);
    expect(moreRunsAllowed(Array(10).fill(slowBusy), 5)).toBe(false);
  });
  it("a run within budget ends the page's runs", () => expect(moreRunsAllowed([slowBusy, good], 5)).toBe(false));
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

describe("busyRun and machineLoadBetween (rule: a run that shared the cores with other work is replaced, whatever the CPU index said)", () => {
  it("the runs of the suite that failed beside a second browser suite (CPU 2,386 yet TBT 548 ms) count as busy by the cores' load", () => {
    const spoiled: RunMetrics = { score: 0.73, cls: 0, tbtMs: 548, benchmarkIndex: 2386, machineLoad: 0.97 };
    expect(busyRun(spoiled)).toBe(true);
    expect(moreRunsAllowed(Array(5).fill(spoiled), 5)).toBe(true);
    expect(moreRunsAllowed(Array(10).fill(spoiled), 5)).toBe(false);
  });
  it("a quiet run over budget is not excused by either witness", () => {
    const quiet: RunMetrics = { score: 0.9, cls: 0, tbtMs: 180, benchmarkIndex: 2600, machineLoad: 0.5 };
    expect(busyRun(quiet)).toBe(false);
    expect(moreRunsAllowed(Array(5).fill(quiet), 5)).toBe(false);
  });
  it("reads the share of all cores' time spent busy between two samples", () => {
    const sample = (user: number, idle: number) => ({ times: { user, nice: 0, sys: 0, idle, irq: 0 } });
    expect(machineLoadBetween([sample(100, 100), sample(100, 100)], [sample(190, 110), sample(110, 190)])).toBe(0.5);
    expect(machineLoadBetween([sample(0, 0)], [sample(0, 0)])).toBe(0);
  });
});

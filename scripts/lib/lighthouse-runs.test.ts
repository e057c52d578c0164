// Rule guarded: the Lighthouse budget judges each metric's median; stopping early must never change that verdict.
import { describe, expect, it } from "vitest";
import { enoughRuns, type RunMetrics } from "./lighthouse-runs";

const good: RunMetrics = { score: 1, cls: 0.001, tbtMs: 20 };
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
});

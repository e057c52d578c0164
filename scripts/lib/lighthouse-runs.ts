// When a page's Lighthouse runs may stop (bench-lighthouse.ts): each metric's median over up to `max` runs is what is
// judged, and a page stops as soon as more than half of `max` runs are within budget on every metric — then every
// metric has a majority of values within budget, so its median over all `max` runs would be within budget whatever
// the remaining runs gave. A noisy machine thus costs more runs, never a different verdict.
// A first run with every metric at most half way to its limit settles the page alone: a machine's noise only ever adds
// blocking time and lowers the score, so such a run is no lucky draw from a page near its limit, and the further runs
// (a minute of `npm test` per page and language) could not change the verdict.
export const LIGHTHOUSE_BUDGET = { minScore: 0.95, maxClsExclusive: 0.05, maxTbtMsExclusive: 100 };

export interface RunMetrics {
  score: number;
  cls: number;
  tbtMs: number;
}

export const runWithinBudget = (r: RunMetrics) =>
  r.score >= LIGHTHOUSE_BUDGET.minScore && r.cls < LIGHTHOUSE_BUDGET.maxClsExclusive && r.tbtMs < LIGHTHOUSE_BUDGET.maxTbtMsExclusive;

/** Every metric at most half way from perfect to its limit (score ≥ 0.975, CLS < 0.025, TBT < 50 ms). */
export const runClearlyWithinBudget = (r: RunMetrics) =>
  r.score >= 1 - (1 - LIGHTHOUSE_BUDGET.minScore) / 2 &&
  r.cls < LIGHTHOUSE_BUDGET.maxClsExclusive / 2 &&
  r.tbtMs < LIGHTHOUSE_BUDGET.maxTbtMsExclusive / 2;

/**
 * True once the runs so far settle the verdict in the page's favour: a first run clearly within budget, or a majority
 * of `max` within budget.
 */
export function enoughRuns(runs: readonly RunMetrics[], max: number): boolean {
  if (runs.length === 1 && runClearlyWithinBudget(runs[0]!)) return true;
  return runs.filter(runWithinBudget).length > max / 2;
}

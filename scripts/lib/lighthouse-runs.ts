// When a page's Lighthouse runs may stop (bench-lighthouse.ts): each metric's median over up to `max` runs is what is
// judged, and a page stops as soon as more than half of `max` runs are within budget on every metric — then every
// metric has a majority of values within budget, so its median over all `max` runs would be within budget whatever
// the remaining runs gave. A noisy machine thus costs more runs, never a different verdict.
export const LIGHTHOUSE_BUDGET = { minScore: 0.95, maxClsExclusive: 0.05, maxTbtMsExclusive: 100 };

export interface RunMetrics {
  score: number;
  cls: number;
  tbtMs: number;
}

export const runWithinBudget = (r: RunMetrics) =>
  r.score >= LIGHTHOUSE_BUDGET.minScore && r.cls < LIGHTHOUSE_BUDGET.maxClsExclusive && r.tbtMs < LIGHTHOUSE_BUDGET.maxTbtMsExclusive;

/** True once the runs so far settle the verdict in the page's favour (a majority of `max` within budget). */
export function enoughRuns(runs: readonly RunMetrics[], max: number): boolean {
  return runs.filter(runWithinBudget).length > max / 2;
}

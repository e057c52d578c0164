// Benchmark section "ledger": runs scripts/bench-ledger.ts (the `npm run bench:ledger` script, unchanged) on the
// embedded PGlite and on PostgreSQL (a fresh database of its own on BENCH_DATABASE_URL's server, created and dropped
// by that script), each writing its own bench/runs/ledger-<date>[-postgres].json, and returns both summaries with
// the CSV export's figures against their budgets.
import { runOnBothDatabases } from "./bench-both-databases";

/**
 * Budgets of issue #17 for the CSV export of 1,000,000 rows, in a fresh process: PostgreSQL must reach both; PGlite
 * is reported against the same lines (it runs the queries in WebAssembly in the app's own thread).
 */
export const EXPORT_BUDGET = { rowsPerSecond: 100_000, peakRssGrowthMb: 64 };

interface LedgerResult {
  database: string;
  rows: number;
  list: Array<{ case: string; medianMs: number; p95Ms: number }>;
  deepToFirstPageRatio: number;
  export: { rowsPerSecond: number; peakRssGrowthMb: number; peakHeapGrowthMb: number; liveHeapGrowthMb: number | null; batchSize: number };
}

const yes = (ok: boolean) => (ok ? "yes" : "NO");

export async function benchLedger() {
  const out = await runOnBothDatabases<LedgerResult>("scripts/bench-ledger.ts", "ledger", ["--expose-gc"]);
  const row = (r: LedgerResult, budgeted: boolean) => ({
    "page 1 median ms": r.list[0]!.medianMs,
    "~1,000,000 deep median ms": r.list[1]!.medianMs,
    "deep ÷ first": r.deepToFirstPageRatio,
    "export rows/s": r.export.rowsPerSecond,
    [`≥ ${EXPORT_BUDGET.rowsPerSecond.toLocaleString("en")}/s`]:
      yes(r.export.rowsPerSecond >= EXPORT_BUDGET.rowsPerSecond) + (budgeted ? "" : " (no budget)"),
    "export peak RSS growth MB (fresh process)": r.export.peakRssGrowthMb,
    [`≤ ${EXPORT_BUDGET.peakRssGrowthMb} MB`]:
      yes(r.export.peakRssGrowthMb <= EXPORT_BUDGET.peakRssGrowthMb) + (budgeted ? "" : " (no budget)"),
    "live heap growth MB": r.export.liveHeapGrowthMb,
  });
  console.log("\nLedger at scale (1,000,000 payments, pages of 50; CSV export budgets on PostgreSQL)");
  console.table({ pglite: row(out.pglite, false), postgres: row(out.postgres, true) });
  const p = out.postgres.export;
  const withinBudget = p.rowsPerSecond >= EXPORT_BUDGET.rowsPerSecond && p.peakRssGrowthMb <= EXPORT_BUDGET.peakRssGrowthMb;
  return {
    note: "full results in ledger-<date>.json and ledger-<date>-postgres.json",
    budget: EXPORT_BUDGET,
    withinBudget,
    pglite: out.pglite,
    postgres: out.postgres,
  };
}

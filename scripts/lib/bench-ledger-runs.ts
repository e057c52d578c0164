// Benchmark section "ledger": runs scripts/bench-ledger.ts (the `npm run bench:ledger` script, unchanged) on the
// embedded PGlite and on PostgreSQL (a fresh database of its own on BENCH_DATABASE_URL's server, created and dropped
// by that script), each writing its own bench/results/ledger-<date>[-postgres].json, and returns both summaries.
import { runOnBothDatabases } from "./bench-both-databases";

interface LedgerResult {
  database: string;
  rows: number;
  list: Array<{ case: string; medianMs: number; p95Ms: number }>;
  deepToFirstPageRatio: number;
  export: { rowsPerSecond: number; peakRssGrowthMb: number; peakHeapGrowthMb: number; liveHeapGrowthMb: number | null; batchSize: number };
}

export async function benchLedger() {
  const out = await runOnBothDatabases<LedgerResult>("scripts/bench-ledger.ts", "ledger", ["--expose-gc"]);
  const row = (r: LedgerResult) => ({
    "page 1 median ms": r.list[0]!.medianMs,
    "~1,000,000 deep median ms": r.list[1]!.medianMs,
    "deep ÷ first": r.deepToFirstPageRatio,
    "export rows/s": r.export.rowsPerSecond,
    "export peak RSS growth MB": r.export.peakRssGrowthMb,
    "live heap growth MB": r.export.liveHeapGrowthMb,
    "≤ 64 MB": r.export.peakRssGrowthMb < 64 ? "yes" : "NO",
  });
  console.log("\nLedger at scale (1,000,000 payments, pages of 50)");
  console.table({ pglite: row(out.pglite!), postgres: row(out.postgres!) });
  return { note: "full results in ledger-<date>.json and ledger-<date>-postgres.json", pglite: out.pglite, postgres: out.postgres };
}

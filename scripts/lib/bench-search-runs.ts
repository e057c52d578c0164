// Benchmark section "search": runs scripts/bench-search.ts (search from anywhere at 1,000,000 payments) on the embedded
// PGlite and on PostgreSQL, and prints each reading's median side by side. The budget (≤ 100 ms at the median of
// every case) is PostgreSQL's; PGlite is reported for comparison.
import { runOnBothDatabases } from "./bench-both-databases";

interface SearchResult {
  rows: number;
  cases: Array<{ case: string; hits: number; medianMs: number; p95Ms: number; budgetMs: number; withinBudget: boolean }>;
}

export async function benchSearch() {
  const out = await runOnBothDatabases<SearchResult>("scripts/bench-search.ts", "search");
  console.log("\nSearch from anywhere at 1,000,000 payments (median ms; budget ≤ 100 ms on PostgreSQL)");
  console.table(
    out.postgres.cases.map((c, i) => ({
      case: c.case,
      hits: c.hits,
      postgres: c.medianMs,
      pglite: out.pglite.cases[i]?.medianMs,
      budget: c.withinBudget ? "yes" : "NO",
    })),
  );
  return { note: "full results in search-<date>.json and search-<date>-postgres.json", pglite: out.pglite, postgres: out.postgres };
}

// Benchmark section "reports": runs scripts/bench-reports.ts (the finance figures at 1,000,000 payments) on the
// embedded PGlite and on PostgreSQL, and prints the Overview's and the monthly closing's medians side by side.
// The budget (≤ 150 ms at the median) is PostgreSQL's; PGlite is reported for comparison.
import { runOnBothDatabases } from "./bench-both-databases";

interface ReportsResult {
  rows: number;
  rollupRows: { hourly: number; daily: number } | number;
  cases: Array<{ case: string; medianMs: number; p95Ms: number; budgetMs: number | null; withinBudget: boolean | null }>;
  triggers: { withTriggersUsPerRow: number; withoutUsPerRow: number };
}

export async function benchReports() {
  const out = await runOnBothDatabases<ReportsResult>("scripts/bench-reports.ts", "reports");
  console.log("\nFinance figures at 1,000,000 payments (median ms; budget ≤ 150 ms on PostgreSQL)");
  console.table(
    out.postgres.cases.map((c, i) => ({
      case: c.case,
      postgres: c.medianMs,
      pglite: out.pglite.cases[i]?.medianMs,
      budget: c.budgetMs ? (c.withinBudget ? "yes" : "NO") : "",
    })),
  );
  return { note: "full results in reports-<date>.json and reports-<date>-postgres.json", pglite: out.pglite, postgres: out.postgres };
}

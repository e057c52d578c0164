// The Overview's figures for a period and filter, from the ledger's rollup (two queries, run together). Whoever
// may read the transactions may read their sums.
// No `import "server-only"`: the reports benchmark (scripts/bench-reports.ts) runs it; it holds no secret.
import type { OverviewFigures, OverviewFilter } from "@/lib/reports/figures";
import type { ResolvedPeriod } from "@/lib/reports/period";
import type { ServiceContext, ServiceDeps } from "../deps";
import { requirePermission } from "../require-permission";
import { composeFigures } from "./compose-figures";
import { declineReasonCounts, overviewGroups } from "./rollup-query";
import { rollupInZone } from "./rollup-zone";

export async function overviewFigures(
  ctx: ServiceContext<Pick<ServiceDeps, "db">>,
  period: ResolvedPeriod,
  filter: OverviewFilter,
): Promise<OverviewFigures> {
  requirePermission(ctx.principal, "TRANSACTIONS_VIEW");
  const { db } = ctx.deps;
  await rollupInZone(db, period.timeZone);
  const [groups, reasons] = await Promise.all([overviewGroups(db, period, filter), declineReasonCounts(db, period, filter)]);
  return composeFigures(period, groups, reasons);
}

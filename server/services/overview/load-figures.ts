// The Overview's figures for a person: null without TRANSACTIONS_VIEW (the page then shows the rest, no figure),
// else the reports service's figures for the period and filters. Checked here first so the page never calls a
// service that would refuse.
import "server-only";
import type { OverviewFigures, OverviewFilter } from "@/lib/reports/figures";
import type { ResolvedPeriod } from "@/lib/reports/period";
import type { ServiceContext, ServiceDeps } from "../deps";
import { overviewFigures } from "../reports/overview-figures";

export async function loadOverviewFigures(
  ctx: ServiceContext<Pick<ServiceDeps, "db">>,
  period: ResolvedPeriod,
  filter: OverviewFilter,
): Promise<OverviewFigures | null> {
  if (!ctx.principal.permissions.has("TRANSACTIONS_VIEW")) return null;
  return overviewFigures(ctx, period, filter);
}

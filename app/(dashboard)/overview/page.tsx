// /overview: the morning's figures and charts for a period in the reporting time zone (REPORT_TIME_ZONE), compared
// with the previous period of the same length, filtered by branch and currency; what needs attention; the system
// status. Everything is rendered on the server (charts are SVG, no chart code in the browser). Figures need
// TRANSACTIONS_VIEW: without it the page shows the rest and says why there is no figure.
import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { FigureCards } from "@/components/overview/figure-cards";
import { OverviewCharts } from "@/components/overview/overview-charts";
import { parseOverviewQuery, type RawQuery } from "@/components/overview/overview-query";
import { PeriodForm } from "@/components/overview/period-form";
import { AttentionList, StatusStrip } from "@/components/overview/status-strip";
import { PERIOD_LABEL, type ResolvedPeriod } from "@/lib/reports/period";
import { slotLongLabel } from "@/components/overview/chart-geometry";
import { requireSignedIn } from "@/server/auth/session";
import { checkHealth } from "@/server/health";
import { appContext } from "@/server/services/app-deps";
import { attentionItems } from "@/server/services/overview/attention";
import { loadOverviewFigures } from "@/server/services/overview/load-figures";
import { logger } from "@/server/log/logger";

export const metadata: Metadata = { title: "Overview" };
export const dynamic = "force-dynamic";

function periodWords(p: ResolvedPeriod): string {
  const days = p.firstDay === p.lastDay ? slotLongLabel(p.firstDay) : `${slotLongLabel(p.firstDay)} – ${slotLongLabel(p.lastDay)}`;
  return p.preset === "custom" ? days : `${PERIOD_LABEL[p.preset]} (${days})`;
}

export default async function OverviewPage({ searchParams }: { searchParams: Promise<RawQuery> }) {
  const principal = await requireSignedIn();
  const ctx = await appContext({ principal });
  const zone = ctx.deps.config.reportTimeZone;
  const query = parseOverviewQuery(await searchParams, zone, ctx.deps.now());
  const canView = principal.permissions.has("TRANSACTIONS_VIEW");
  const period = query.period;
  const [health, attention, figures] = await Promise.all([
    checkHealth(),
    attentionItems(ctx).catch(() => null),
    // A failed figures query leaves the rest of the page (status, what needs attention) standing.
    canView && period
      ? loadOverviewFigures(ctx, period, query.filter).catch((e: unknown) => {
          logger.error("overview.figures_failed", { error: e instanceof Error ? e.message : String(e) });
          return "failed" as const;
        })
      : Promise.resolve(null),
  ]);
  const loaded = figures === "failed" ? null : figures;
  const branches = loaded ? [...new Set(loaded.byBranch.flatMap((b) => (b.key ? [b.key] : [])))].sort() : [];
  const hasMoney = loaded ? loaded.current.byCurrency.length + loaded.previous.byCurrency.length > 0 || loaded.current.attempts > 0 : false;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Overview"
        description={
          <>
            Signed in as <bdi dir="auto">{principal.name}</bdi>. Times in <bdi dir="ltr">{zone}</bdi>.
          </>
        }
      />
      <div className="grid gap-3 lg:grid-cols-2">
        {attention && attention.length > 0 && <AttentionList items={attention} />}
        <StatusStrip
          items={[
            {
              label: "Database",
              ok: health.database.ok,
              detail: health.database.ok
                ? health.database.kind === "postgres"
                  ? "PostgreSQL server"
                  : "Embedded (PGlite)"
                : "Unavailable",
            },
            {
              label: health.testMode ? "Sandbox gateway" : "Payment gateway",
              ok: health.gateway.ok,
              detail: (
                <>
                  {health.gateway.ok ? "Reachable" : "Unreachable"} · <bdi dir="ltr">{health.gateway.host}</bdi>
                </>
              ),
            },
          ]}
        />
      </div>

      {!canView ? (
        <Alert tone="info" title="Figures are not shown to you">
          The payment figures need the <code className="font-mono text-xs">TRANSACTIONS_VIEW</code> permission. Ask a super-admin for a role
          that grants it.
        </Alert>
      ) : (
        <section aria-labelledby="figures-heading" className="space-y-4">
          <div>
            <h2 id="figures-heading" className="text-base font-semibold text-slate-900 print:text-black">
              Figures
            </h2>
            <p className="mt-0.5 text-sm text-slate-600 print:text-black">
              {period ? periodWords(period) : "Choose a period"}, in <bdi dir="ltr">{zone}</bdi>
              {period && <>, compared with the previous {period.days === 1 ? "day" : `${period.days} days`}</>}.
            </p>
          </div>
          <PeriodForm query={query} period={period} branches={branches} />
          {!period ? (
            <Alert tone="error" title="No figures for this request">
              {query.errors.period ?? query.errors.currency ?? query.errors.branch} Correct it and choose Show.
            </Alert>
          ) : figures === "failed" ? (
            <Alert tone="error" title="The figures could not be loaded">
              The database did not answer in time. Reload the page to try again.
            </Alert>
          ) : !figures || !hasMoney ? (
            <EmptyState
              className="rounded-md border border-slate-200 bg-white"
              title="No payments in this period"
              description="Choose a longer period or remove a filter."
            />
          ) : (
            <>
              <FigureCards figures={figures} period={period} filter={query.filter} />
              <section aria-labelledby="charts-heading" className="space-y-3">
                <h2 id="charts-heading" className="text-base font-semibold text-slate-900 print:text-black">
                  Charts
                </h2>
                <OverviewCharts figures={figures} period={period} filter={query.filter} />
              </section>
            </>
          )}
        </section>
      )}
    </div>
  );
}

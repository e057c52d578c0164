// /overview: the morning's figures and charts for a period in the reporting time zone (REPORT_TIME_ZONE), compared
// with the previous period of the same length, filtered by branch and currency; what needs attention; the system
// status. Everything is rendered on the server (charts are SVG, no chart code in the browser). Figures need
// TRANSACTIONS_VIEW: without it the page shows the rest and says why there is no figure.
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { EmptyState } from "@/components/ui/empty-state";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { FigureCards } from "@/components/overview/figure-cards";
import { OverviewCharts } from "@/components/overview/overview-charts";
import { parseOverviewQuery, type RawQuery } from "@/components/overview/overview-query";
import { PeriodForm } from "@/components/overview/period-form";
import { AttentionList, StatusStrip } from "@/components/overview/status-strip";
import { MAX_PERIOD_DAYS, type ResolvedPeriod } from "@/lib/reports/period";
import { slotLongLabel } from "@/components/overview/chart-geometry";
import { requireSignedIn } from "@/server/auth/session";
import { checkHealth } from "@/server/health";
import { appContext } from "@/server/services/app-deps";
import { attentionItems } from "@/server/services/overview/attention";
import { loadOverviewFigures } from "@/server/services/overview/load-figures";
import { logger } from "@/server/log/logger";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("overview");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

type OverviewT = Awaited<ReturnType<typeof getTranslations<"overview">>>;
type ReportsT = Awaited<ReturnType<typeof getTranslations<"reports">>>;

function periodWords(p: ResolvedPeriod, t: OverviewT, tr: ReportsT, locale: string): string {
  const day = (d: string) => slotLongLabel(d, locale);
  const days = p.firstDay === p.lastDay ? day(p.firstDay) : t("figures.dayRange", { first: day(p.firstDay), last: day(p.lastDay) });
  return p.preset === "custom" ? days : t("figures.periodPreset", { preset: tr(`periods.${p.preset}`), days });
}

export default async function OverviewPage({ searchParams }: { searchParams: Promise<RawQuery> }) {
  const principal = await requireSignedIn();
  const [t, tr, locale] = await Promise.all([getTranslations("overview"), getTranslations("reports"), getLocale()]);
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
        title={t("title")}
        description={t.rich("signedInAs", {
          name: principal.name,
          zone,
          who: (c) => <bdi dir="auto">{c}</bdi>,
          tz: (c) => <bdi dir="ltr">{c}</bdi>,
        })}
      />
      <div className="grid gap-3 lg:grid-cols-2">
        {attention && attention.length > 0 && <AttentionList items={attention} />}
        {/* The system's state is the super-admins' business; everyone else hears of it only when it gets in the way. */}
        {principal.userType !== "SUPER_ADMIN" ? (
          (!health.gateway.ok || !health.database.ok) && (
            <Alert tone="warning" title={t("status.troubleTitle")}>
              {t("status.troubleBody")}
            </Alert>
          )
        ) : (
          <StatusStrip
            items={[
              {
                label: t("status.database"),
                ok: health.database.ok,
                detail: health.database.ok
                  ? health.database.kind === "postgres"
                    ? t("status.postgres")
                    : t("status.embedded")
                  : t("status.unavailable"),
              },
              {
                label: health.testMode ? t("status.sandboxGateway") : t("status.paymentGateway"),
                ok: health.gateway.ok,
                detail: (
                  <>
                    {health.gateway.ok ? t("status.reachable") : t("status.unreachable")} · <bdi dir="ltr">{health.gateway.host}</bdi>
                  </>
                ),
              },
            ]}
          />
        )}
      </div>

      {!canView ? (
        <Alert tone="info" title={t("noAccess.title")}>
          {t.rich("noAccess.body", { code: (c) => <code className="font-mono text-xs">{c}</code> })}
        </Alert>
      ) : (
        <section aria-labelledby="figures-heading" className="space-y-4">
          <div>
            <h2 id="figures-heading" className="text-base font-semibold text-slate-900 print:text-black">
              {t("figures.heading")}
            </h2>
            <p className="mt-0.5 text-sm text-slate-600 print:text-black">
              {period
                ? t.rich("figures.intro", {
                    period: periodWords(period, t, tr, locale),
                    zone,
                    days: period.days,
                    tz: (c) => <bdi dir="ltr">{c}</bdi>,
                  })
                : t.rich("figures.introNoPeriod", { zone, tz: (c) => <bdi dir="ltr">{c}</bdi> })}
            </p>
          </div>
          <PeriodForm query={query} period={period} branches={branches} />
          {!period ? (
            <Alert tone="error" title={t("figures.noFiguresTitle")}>
              {t("figures.noFiguresBody", {
                error: t(`errors.${(query.errors.period ?? query.errors.currency ?? query.errors.branch)!}`, {
                  max: MAX_PERIOD_DAYS,
                }),
              })}
            </Alert>
          ) : figures === "failed" ? (
            <Alert tone="error" title={t("figures.failedTitle")}>
              {t("figures.failedBody")}
            </Alert>
          ) : !figures || !hasMoney ? (
            <EmptyState
              className="rounded-md border border-slate-200 bg-white"
              title={t("figures.emptyTitle")}
              description={t("figures.emptyDescription")}
            />
          ) : (
            <>
              <FigureCards figures={figures} period={period} filter={query.filter} />
              <section aria-labelledby="charts-heading" className="space-y-3">
                <h2 id="charts-heading" className="text-base font-semibold text-slate-900 print:text-black">
                  {t("figures.chartsHeading")}
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

// The Overview's charts for a period: the volume per day or hour (one chart per currency), the approval rate, the
// volume by card brand and by branch (per currency), and the top decline reasons. Server component.
import { useTranslations } from "next-intl";
import type { OverviewFigures, OverviewFilter } from "@/lib/reports/figures";
import { activityHref } from "@/lib/reports/activity";
import type { ResolvedPeriod } from "@/lib/reports/period";
import { BreakdownChart, DeclineReasonsChart, branchName, brandName, groupBreakdown } from "./breakdown-charts";
import { ApprovalChart, VolumeChart, seriesCurrencies } from "./series-charts";

export function OverviewCharts({ figures, period, filter }: { figures: OverviewFigures; period: ResolvedPeriod; filter: OverviewFilter }) {
  const t = useTranslations("overview");
  const currencies = seriesCurrencies(
    figures.series,
    figures.current.byCurrency.map((c) => c.currency),
  );
  const brands = groupBreakdown(figures.byBrand, (k) => brandName(k, t("charts.unknownBrand")));
  const branches = groupBreakdown(figures.byBranch, (k) => branchName(k, t("charts.noBranch")));
  const anyAttempt = figures.current.attempts > 0;
  if (currencies.length + brands.length + branches.length === 0 && !anyAttempt) {
    // Only the previous period had payments: the figures say so; there is nothing to draw.
    return <p className="text-sm text-slate-600">{t("charts.nothingToChart")}</p>;
  }
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {currencies.map((c) => (
        <VolumeChart key={c} currency={c} series={figures.series} hourly={period.hourly} />
      ))}
      {anyAttempt && <ApprovalChart series={figures.series} hourly={period.hourly} />}
      {brands.map((g) => (
        <BreakdownChart
          key={`brand-${g.currency}`}
          title={t("charts.byBrand", { currency: g.currency })}
          kind="brand"
          group={g}
          period={period}
          filter={filter}
        />
      ))}
      {branches.map((g) => (
        <BreakdownChart
          key={`branch-${g.currency}`}
          title={t("charts.byBranch", { currency: g.currency })}
          kind="branch"
          group={g}
          period={period}
          filter={filter}
        />
      ))}
      {figures.declineReasons.length > 0 && (
        <DeclineReasonsChart reasons={figures.declineReasons} declinesHref={activityHref("declines", period, period.timeZone, filter)} />
      )}
    </div>
  );
}

// The Reports' query: one zod schema for the URL of /reports (its GET form, shared links) and for the downloads
// under /api/reports/[report] (CSV, XLSX), so that the page's table and the files are always the same report.
// Days are calendar days in the reporting time zone (REPORT_TIME_ZONE): the server resolves them, never the browser.
// Browser-safe.
import { z } from "./zod";
import { vmsg } from "./messages";
import { CURRENCY_CODES } from "@/lib/money";
import { PERIOD_PRESETS, PeriodError, resolvePeriod, type ResolvedPeriod } from "@/lib/reports/period";
import { CLOSING_BREAKDOWNS, REPORT_IDS, type ReportId, type ReportRequest } from "@/lib/reports/report-table";
import { calendarDayParam, single, textParam } from "./query-params";

export const REPORT_FORMATS = ["csv", "xlsx"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The report's id as the download's path segment: `/api/reports/refunds`. */
export const reportParams = z.object({ report: z.enum(REPORT_IDS, vmsg("reports.noSuchReport")) });

const reportOptions = z.object({
  /** A preset; absent with `from`: a custom range; absent altogether: the last 30 days. */
  period: z.preprocess(single, z.enum(PERIOD_PRESETS, vmsg("reports.choosePeriod")).optional()),
  from: calendarDayParam,
  to: calendarDayParam,
  /** Daily closing only: one row per day and currency, or per day, currency and branch / card brand. */
  breakdown: z.preprocess(single, z.enum(CLOSING_BREAKDOWNS, vmsg("reports.chooseBreakdownFromList")).default("none")),
  branch: textParam(64, vmsg("reports.branchTooLong")),
  currency: z.preprocess(single, z.enum(CURRENCY_CODES, vmsg("currency.chooseFromList")).optional()),
});

/** A custom range is checked by the same rules that resolve it (which days, in order, at most a year). */
function checkRange(v: z.output<typeof reportOptions>, ctx: z.RefinementCtx): void {
  if (v.period !== "custom" && (v.period || (!v.from && !v.to))) return;
  try {
    // A custom range's days do not depend on the zone or the clock.
    resolvePeriod(v, "UTC", new Date(0));
  } catch (error) {
    if (!(error instanceof PeriodError)) throw error;
    ctx.addIssue({ code: "custom", path: [v.from ? "to" : "from"], message: error.message });
  }
}

/** The page: which report (daily closing unless said) and its options. */
export const reportPageQuerySchema = reportOptions
  .extend({ report: z.preprocess(single, z.enum(REPORT_IDS, vmsg("reports.chooseReportFromList")).default("daily-closing")) })
  .superRefine(checkRange);

/** A download: the options and the file format (the report is the path segment). */
export const reportDownloadQuerySchema = reportOptions
  .extend({ format: z.preprocess(single, z.enum(REPORT_FORMATS, vmsg("reports.chooseFormat")).default("csv")) })
  .superRefine(checkRange);

export type ReportPageQuery = z.output<typeof reportPageQuerySchema>;
export type ReportDownloadQuery = z.output<typeof reportDownloadQuerySchema>;
type ReportOptions = Omit<ReportPageQuery, "report">;

/** The options resolved to days of the reporting zone, as the services take them. */
export function toReportRequest(
  report: ReportId,
  q: ReportOptions,
  zone: string,
  now: Date,
): { request: ReportRequest; period: ResolvedPeriod } {
  const period = resolvePeriod(q, zone, now);
  return {
    period,
    request: {
      report,
      firstDay: period.firstDay,
      lastDay: period.lastDay,
      ...(report === "daily-closing" ? { breakdown: q.breakdown } : {}),
      ...(q.branch ? { branchId: q.branch } : {}),
      ...(q.currency ? { currency: q.currency } : {}),
    },
  };
}

/** The canonical query string of a report's options (defaults left out), for the page's URL and its download links. */
export function reportQueryString(q: Partial<ReportPageQuery>, extra: Record<string, string> = {}): string {
  const p = new URLSearchParams();
  if (q.report && q.report !== "daily-closing") p.set("report", q.report);
  const custom = q.period === "custom" || (!q.period && (q.from || q.to));
  if (q.period && !custom && q.period !== "30d") p.set("period", q.period);
  if (custom) {
    p.set("period", "custom");
    if (q.from) p.set("from", q.from);
    if (q.to) p.set("to", q.to);
  }
  if (q.report === "daily-closing" || !q.report) {
    if (q.breakdown && q.breakdown !== "none") p.set("breakdown", q.breakdown);
  }
  if (q.branch) p.set("branch", q.branch);
  if (q.currency) p.set("currency", q.currency);
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  return p.toString();
}

/** The download of a report with the page's options: `/api/reports/refunds?period=7d&format=xlsx`. */
export function reportDownloadHref(q: ReportPageQuery, format: ReportFormat): string {
  const qs = new URLSearchParams(reportQueryString(q, { format }));
  qs.delete("report");
  return `/api/reports/${q.report}?${qs.toString()}`;
}

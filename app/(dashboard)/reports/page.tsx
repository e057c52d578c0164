// /reports: the finance reports (daily closing, refunds, authorizations ageing) for a period of days in the
// reporting time zone, as a table and as CSV / XLSX downloads of exactly that table. Server-rendered: the report
// runs here through the same registry as the downloads; the form is a plain GET form.
import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import Link from "next/link";
import { Forbidden } from "@/components/auth/forbidden";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-styles";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { reportDownloadHref, reportPageQuerySchema, toReportRequest } from "@/lib/schemas/reports";
import { formatInZone } from "@/lib/transactions/zoned-time";
import { pageAccess } from "@/server/auth/session";
import { appContext } from "@/server/services/app-deps";
import { currentUiPrefs } from "@/server/i18n/prefs";
import { localizeReport } from "@/server/services/reports/localize-report";
import { runReport } from "@/server/services/reports/run-report";
import { REPORT_KEY } from "@/lib/reports/report-table";
import { ReportForm } from "./_components/report-form";
import { ReportTableView } from "./_components/report-table-view";
import { readerValidationText } from "@/server/i18n/error-text";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("reports");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

/** Rows shown on the page; the downloads hold every row. */
const PAGE_ROWS = 1_000;

const FIELDS = ["report", "period", "from", "to", "breakdown", "branch", "currency"] as const;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ReportsPage({ searchParams }: { searchParams: SearchParams }) {
  const { principal, allowed } = await pageAccess("REPORTS_VIEW");
  const t = await getTranslations("reports");
  if (!allowed) return <Forbidden area={t("title")} permission="REPORTS_VIEW" />;

  const raw = await searchParams;
  const last = (k: string) => {
    const v = raw[k];
    return Array.isArray(v) ? v.at(-1) : v;
  };
  const values = Object.fromEntries(FIELDS.map((k) => [k, last(k)]));
  const ctx = await appContext({ principal });
  const zone = ctx.deps.config.reportTimeZone;
  const parsed = reportPageQuerySchema.safeParse(raw);

  const header = (
    <PageHeader
      title={t("title")}
      description={t.rich("description", { zone, tz: (c) => <bdi dir="ltr">{c}</bdi> })}
      actions={
        <Link href="/reports/schedules" className={buttonClasses({ variant: "secondary" })}>
          {t("scheduledReports")}
        </Link>
      }
    />
  );

  if (!parsed.success) {
    const say = await readerValidationText(); // the schema's messages are validation keys
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "")] ??= say(issue.message);
    return (
      <div className="space-y-5">
        {header}
        <Alert tone="error" title={t("page.invalidTitle")}>
          {t("page.invalidBody")}
        </Alert>
        <ReportForm values={values} errors={errors} />
      </div>
    );
  }

  const query = parsed.data;
  const { request } = toReportRequest(query.report, query, zone, ctx.deps.now());
  const table = localizeReport(await runReport(ctx, request), await currentUiPrefs());
  const format = await getFormatter();
  const when = table.period
    ? table.period.firstDay === table.period.lastDay
      ? table.period.firstDay
      : t("page.dayRange", { first: table.period.firstDay, last: table.period.lastDay })
    : t("page.asOf", { time: formatInZone(table.generatedAt, zone).slice(0, 16) });
  const shown = table.rows.slice(0, PAGE_ROWS);

  return (
    <div className="space-y-5">
      {header}
      <ReportForm values={values} errors={{}} />
      <section aria-labelledby="report-title" className="overflow-hidden rounded-md border border-slate-200 bg-white shadow-xs">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
          <div className="min-w-0">
            <h2 id="report-title" className="text-base font-semibold text-slate-900">
              {table.title}
            </h2>
            <p className="text-sm text-slate-600">
              <bdi dir="auto">{when}</bdi> · <bdi dir="ltr">{zone}</bdi>
              {request.branchId && <> · {t.rich("page.branch", { branch: request.branchId, b: (c) => <bdi dir="auto">{c}</bdi> })}</>}
              {request.currency && <> · {request.currency}</>}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <a href={reportDownloadHref(query, "csv")} download className={buttonClasses({ variant: "secondary", size: "sm" })}>
              {t("page.downloadCsv")}
            </a>
            <a href={reportDownloadHref(query, "xlsx")} download className={buttonClasses({ variant: "secondary", size: "sm" })}>
              {t("page.downloadXlsx")}
            </a>
          </div>
        </div>
        {table.rows.length > PAGE_ROWS && (
          <Alert tone="info" className="m-4">
            {t("page.truncated", { shown: format.number(PAGE_ROWS), total: format.number(table.rows.length) })}
          </Alert>
        )}
        {table.rows.length === 0 ? (
          <EmptyState title={t("page.emptyTitle")} description={t(`page.empty.${REPORT_KEY[table.report]}`)} />
        ) : (
          <ReportTableView table={table} rows={shown} caption={t("page.caption", { title: table.title, when, zone })} />
        )}
      </section>
    </div>
  );
}

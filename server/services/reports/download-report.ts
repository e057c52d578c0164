// A report as a file (CSV or XLSX) for GET /api/reports/[report]: the same table as the page (runReport), written
// whole (a report is a summary of at most a year of days, not a ledger dump), and recorded in the audit log like
// every other export: who took which report, which days and filters, which format, how many rows.
import "server-only";
import { DEFAULT_UI_PREFS, type UiPrefs } from "@/lib/i18n/languages";
import { localizeReport, reportFileWords } from "./localize-report";
import type { ReportRequest } from "@/lib/reports/report-table";
import type { ReportFormat } from "@/lib/schemas/reports";
import { appendAuditNow } from "../../audit/audit-log";
import type { ServiceContext } from "../deps";
import { requirePermission } from "../require-permission";
import { reportCsv, reportFileName } from "./files/report-csv";
import { reportXlsx } from "./files/report-xlsx";
import { runReport } from "./run-report";

export const REPORT_CONTENT_TYPE: Record<ReportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

export interface ReportFile {
  filename: string;
  contentType: string;
  body: Uint8Array<ArrayBuffer>;
}

export async function downloadReport(
  ctx: ServiceContext,
  input: {
    request: ReportRequest;
    format: ReportFormat;
    /** The downloader's language (English when absent). */ prefs?: Pick<UiPrefs, "language" | "digits">;
  },
): Promise<ReportFile> {
  requirePermission(ctx.principal, "REPORTS_VIEW");
  const { request, format } = input;
  const prefs = input.prefs ?? DEFAULT_UI_PREFS;
  const table = localizeReport(await runReport(ctx, request), prefs);
  const words = reportFileWords(prefs);
  const body = format === "xlsx" ? new Uint8Array(await reportXlsx(table, words)) : new TextEncoder().encode(reportCsv(table, words));
  await appendAuditNow(ctx.deps.db, {
    action: "reports.download",
    actorId: ctx.principal.userId,
    actorEmail: ctx.principal.email,
    ip: ctx.ip,
    targetType: "report",
    targetId: request.report,
    summary: {
      format,
      ...(table.period ? { firstDay: table.period.firstDay, lastDay: table.period.lastDay } : { asOf: table.generatedAt.toISOString() }),
      ...(request.breakdown && request.breakdown !== "none" ? { breakdown: request.breakdown } : {}),
      ...(request.branchId ? { branch: request.branchId } : {}),
      ...(request.currency ? { currency: request.currency } : {}),
      rows: table.rows.length,
    },
  });
  return { filename: reportFileName(table, format), contentType: REPORT_CONTENT_TYPE[format], body };
}

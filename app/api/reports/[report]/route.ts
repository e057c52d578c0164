// GET /api/reports/:report?format=csv|xlsx&period&from&to&breakdown&branch&currency: a report as a file (audited).
import { reportDownloadQuerySchema, reportParams, toReportRequest } from "@/lib/schemas/reports";
import { uiPrefsOfRequest } from "@/server/i18n/translator";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { downloadReport } from "@/server/services/reports/download-report";

export const GET = route(
  { permission: "REPORTS_VIEW", params: reportParams, query: reportDownloadQuerySchema },
  async ({ req, principal, params, query, ip }) => {
    const ctx = await appContext({ principal, ip });
    // The schema has checked a custom range already; presets always resolve.
    const { request } = toReportRequest(params.report, query, ctx.deps.config.reportTimeZone, ctx.deps.now());
    // Column headers and the file's header block in the downloader's language.
    const file = await downloadReport(ctx, { request, format: query.format, prefs: uiPrefsOfRequest(req, principal) });
    return new Response(file.body, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.filename}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
);

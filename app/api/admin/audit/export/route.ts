// GET /api/admin/audit/export: CSV of every audit entry matching the filter, streamed; the export is audited.
import { auditLogQuerySchema } from "@/lib/schemas/admin-audit";
import { csvDownload } from "@/server/http/csv-download";
import { route } from "@/server/http/route";
import { displayZoneOfRequest, withDisplayZone } from "@/server/i18n/display-zone";
import { translatorFor, uiPrefsOfRequest } from "@/server/i18n/translator";
import { appContext } from "@/server/services/app-deps";
import { exportAuditLog } from "@/server/services/admin/audit/export-audit-log";

export const GET = route({ permission: "AUDIT_VIEW", query: auditLogQuerySchema }, async ({ req, principal, query, ip }) => {
  // The column headers in the downloader's language.
  const t = translatorFor(uiPrefsOfRequest(req, principal), "exports");
  const ctx = await appContext({ principal, ip });
  const zone = displayZoneOfRequest(req, principal, ctx.deps.config.reportTimeZone);
  const { filename, stream } = await exportAuditLog(ctx, withDisplayZone(req, query, zone), {
    headerWords: (column, tz) => t(`audit.${column}`, { tz }),
  });
  return csvDownload(filename, stream);
});

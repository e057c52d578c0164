// GET /api/admin/audit: one keyset page of the audit log (newest first), filtered as the query says.
import { auditLogQuerySchema } from "@/lib/schemas/admin-audit";
import { route } from "@/server/http/route";
import { displayZoneOfRequest, withDisplayZone } from "@/server/i18n/display-zone";
import { appContext } from "@/server/services/app-deps";
import { listAuditLog, toAuditLogPage } from "@/server/services/admin/audit/list-audit-log";

export const GET = route({ permission: "AUDIT_VIEW", query: auditLogQuerySchema }, async ({ req, principal, query }) => {
  const ctx = await appContext({ principal });
  const zone = displayZoneOfRequest(req, principal, ctx.deps.config.reportTimeZone);
  return toAuditLogPage(await listAuditLog(ctx, withDisplayZone(req, query, zone)));
});

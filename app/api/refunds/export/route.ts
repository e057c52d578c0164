// GET /api/refunds/export: CSV of every refund in the history that matches the Refunds page's filter, streamed; the
// export is audited. Needs a refunds permission and TRANSACTIONS_EXPORT.
import { refundListQuerySchema } from "@/lib/schemas/refund-list";
import { csvDownload } from "@/server/http/csv-download";
import { route } from "@/server/http/route";
import { displayZoneOfRequest, withDisplayZone } from "@/server/i18n/display-zone";
import { translatorFor, uiPrefsOfRequest } from "@/server/i18n/translator";
import { appContext } from "@/server/services/app-deps";
import { exportRefundHistory } from "@/server/services/refunds/refund-history";

export const GET = route({ permission: "TRANSACTIONS_EXPORT", query: refundListQuerySchema }, async ({ req, principal, query, ip }) => {
  // The column headers, states and reasons in the downloader's language.
  const prefs = uiPrefsOfRequest(req, principal);
  const t = translatorFor(prefs, "exports");
  const ctx = await appContext({ principal, ip });
  const zone = displayZoneOfRequest(req, principal, ctx.deps.config.reportTimeZone);
  const { filename, stream } = await exportRefundHistory(ctx, withDisplayZone(req, query, zone), {
    header: (column, tz) => t(`refunds.${column}`, { tz }),
    vocab: translatorFor(prefs, "vocab"),
  });
  return csvDownload(filename, stream);
});

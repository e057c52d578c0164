// GET /api/transactions/export: CSV of the selected rows (ids) or of every row matching the filter, streamed.
import { transactionExportQuerySchema } from "@/lib/transactions/list-query";
import { csvDownload } from "@/server/http/csv-download";
import { route } from "@/server/http/route";
import { displayZoneOfRequest, withDisplayZone } from "@/server/i18n/display-zone";
import { translatorFor, uiPrefsOfRequest } from "@/server/i18n/translator";
import { appContext } from "@/server/services/app-deps";
import { exportTransactions } from "@/server/services/transactions/export-transactions";

export const GET = route(
  { permission: "TRANSACTIONS_EXPORT", query: transactionExportQuerySchema },
  async ({ req, principal, query, ip }) => {
    // The column headers in the downloader's language.
    const t = translatorFor(uiPrefsOfRequest(req, principal), "exports");
    const ctx = await appContext({ principal, ip });
    const zone = displayZoneOfRequest(req, principal, ctx.deps.config.reportTimeZone);
    const { filename, stream } = await exportTransactions(ctx, withDisplayZone(req, query, zone), {
      headerWords: (column, tz) => t(`transactions.${column}`, { tz }),
    });
    return csvDownload(filename, stream);
  },
);

// GET /api/transactions: one keyset page of the transactions list, filtered and sorted as the query says.
import { transactionListQuerySchema } from "@/lib/transactions/list-query";
import { route } from "@/server/http/route";
import { displayZoneOfRequest, withDisplayZone } from "@/server/i18n/display-zone";
import { appContext } from "@/server/services/app-deps";
import { listTransactions, toListPage } from "@/server/services/transactions/list-transactions";

export const GET = route({ permission: "TRANSACTIONS_VIEW", query: transactionListQuerySchema }, async ({ req, principal, query }) => {
  const ctx = await appContext({ principal });
  const zone = displayZoneOfRequest(req, principal, ctx.deps.config.reportTimeZone);
  return toListPage(await listTransactions(ctx, withDisplayZone(req, query, zone)));
});

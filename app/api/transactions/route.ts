// GET /api/transactions: one keyset page of the transactions list, filtered and sorted as the query says.
import { transactionListQuerySchema } from "@/lib/transactions/list-query";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { listTransactions, toListPage } from "@/server/services/transactions/list-transactions";

export const GET = route({ permission: "TRANSACTIONS_VIEW", query: transactionListQuerySchema }, async ({ principal, query }) => {
  return toListPage(await listTransactions(await appContext({ principal }), query));
});

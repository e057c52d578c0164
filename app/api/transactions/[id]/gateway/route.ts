// GET /api/transactions/:id/gateway: the payment's status and details as the gateway answers them now (the payment
// page's live panel). A read forwarded to the gateway; nothing in the ledger changes.
import { paymentParams } from "@/lib/schemas/ids";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { viewLedgerPaymentAtGateway } from "@/server/services/sync/gateway-snapshot";

export const GET = route({ permission: "TRANSACTIONS_VIEW", params: paymentParams }, async ({ principal, params, ip }) =>
  viewLedgerPaymentAtGateway(await appContext({ principal, ip }), { paymentId: params.id }),
);

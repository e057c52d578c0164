// POST /api/transactions/:id/sync: re-query the payment's status and details at the gateway and update the ledger.
import { paymentParams } from "@/lib/schemas/ids";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { syncPaymentForUser } from "@/server/services/sync/sync-for-user";

export const POST = route({ permission: "TRANSACTIONS_VIEW", params: paymentParams }, async ({ principal, params, ip }) =>
  syncPaymentForUser(await appContext({ principal, ip }), { paymentId: params.id }),
);

// POST /api/payments/links/:id/cancel: cancel a payment link that is not paid (the ledger refuses its later completion).
import { paymentParams } from "@/lib/schemas/ids";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { cancelPaymentLink } from "@/server/services/payments/links/cancel-link";

export const POST = route({ permission: "PAYMENTS_CREATE", params: paymentParams }, async ({ principal, params, ip }) => {
  const cancelled = await cancelPaymentLink(await appContext({ principal, ip }), { paymentId: params.id });
  return Response.json(cancelled, { headers: { "Cache-Control": "no-store" } });
});

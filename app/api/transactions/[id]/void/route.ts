// POST /api/transactions/:id/void: release an authorization that was not captured.
import { paymentParams } from "@/lib/schemas/ids";
import { voidSchema } from "@/lib/schemas/payment-actions";
import { actionResponse } from "@/server/http/action-response";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { voidPayment } from "@/server/services/payments/void-payment";

export const POST = route(
  { permission: "VOIDS_CREATE", params: paymentParams, body: voidSchema },
  async ({ principal, params, body, ip }) =>
    actionResponse(await voidPayment(await appContext({ principal, ip }), { ...body, paymentId: params.id })),
);

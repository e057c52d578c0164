// POST /api/transactions/:id/capture: capture an authorized payment, in full or in part, once.
import { paymentParams } from "@/lib/schemas/ids";
import { captureSchema } from "@/lib/schemas/payment-actions";
import { actionResponse } from "@/server/http/action-response";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { capturePayment } from "@/server/services/payments/capture-payment";

export const POST = route(
  { permission: "CAPTURES_CREATE", params: paymentParams, body: captureSchema },
  async ({ principal, params, body, ip }) =>
    actionResponse(await capturePayment(await appContext({ principal, ip }), { ...body, paymentId: params.id })),
);

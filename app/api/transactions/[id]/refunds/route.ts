// POST /api/transactions/:id/refunds: refund a captured payment, in full or in part (approval above the limit).
import { paymentParams } from "@/lib/schemas/ids";
import { refundSchema } from "@/lib/schemas/payment-actions";
import { actionResponse } from "@/server/http/action-response";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { requestRefund } from "@/server/services/refunds/request-refund";

export const POST = route(
  { permission: "REFUNDS_CREATE", params: paymentParams, body: refundSchema },
  async ({ principal, params, body, ip }) =>
    actionResponse(await requestRefund(await appContext({ principal, ip }), { ...body, paymentId: params.id })),
);

// POST /api/transactions/:id/refunds: refund a captured payment, in full or in part (approval above the limit).
import { paymentParams } from "@/lib/schemas/ids";
import { refundSchema } from "@/lib/schemas/payment-actions";
import { route } from "@/server/http/route";
import { respondWithAction } from "@/server/services/payments/action-route";
import { requestRefund } from "@/server/services/refunds/request-refund";

export const POST = route({ permission: "REFUNDS_CREATE", params: paymentParams, body: refundSchema }, ({ principal, params, body, ip }) =>
  respondWithAction((deps) => requestRefund(deps, principal, params.id, body, ip)),
);

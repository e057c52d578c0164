// POST /api/transactions/:id/capture: capture an authorized payment, in full or in part, once.
import { paymentParams } from "@/lib/schemas/ids";
import { captureSchema } from "@/lib/schemas/payment-actions";
import { route } from "@/server/http/route";
import { respondWithAction } from "@/server/services/payments/action-route";
import { capturePayment } from "@/server/services/payments/capture-payment";

export const POST = route({ permission: "CAPTURES_CREATE", params: paymentParams, body: captureSchema }, ({ principal, params, body, ip }) =>
  respondWithAction((deps) => capturePayment(deps, principal, params.id, body, ip)),
);

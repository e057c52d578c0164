// POST /api/transactions/:id/void: release an authorization that was not captured.
import { paymentParams } from "@/lib/schemas/ids";
import { voidSchema } from "@/lib/schemas/payment-actions";
import { route } from "@/server/http/route";
import { respondWithAction } from "@/server/services/payments/action-route";
import { voidPayment } from "@/server/services/payments/void-payment";

export const POST = route({ permission: "VOIDS_CREATE", params: paymentParams, body: voidSchema }, ({ principal, params, body, ip }) =>
  respondWithAction((deps) => voidPayment(deps, principal, params.id, body, ip)),
);

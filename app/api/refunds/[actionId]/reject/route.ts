// POST /api/refunds/:actionId/reject: a second person rejects a held refund; the reserved amount is released.
import { actionParams } from "@/lib/schemas/ids";
import { approvalSchema } from "@/lib/schemas/payment-actions";
import { route } from "@/server/http/route";
import { respondWithAction } from "@/server/services/payments/action-route";
import { rejectRefund } from "@/server/services/refunds/approve-refund";

export const POST = route({ permission: "REFUNDS_APPROVE", params: actionParams, body: approvalSchema }, ({ principal, params, body, ip }) =>
  respondWithAction((deps) => rejectRefund(deps, principal, params.actionId, body.note, ip)),
);

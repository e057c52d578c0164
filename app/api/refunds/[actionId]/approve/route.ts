// POST /api/refunds/:actionId/approve: a second person approves a held refund; the gateway is then called.
import { actionParams } from "@/lib/schemas/ids";
import { approvalSchema } from "@/lib/schemas/payment-actions";
import { route } from "@/server/http/route";
import { respondWithAction } from "@/server/services/payments/action-route";
import { approveRefund } from "@/server/services/refunds/approve-refund";

export const POST = route({ permission: "REFUNDS_APPROVE", params: actionParams, body: approvalSchema }, ({ principal, params, body, ip }) =>
  respondWithAction((deps) => approveRefund(deps, principal, params.actionId, body.note, ip)),
);

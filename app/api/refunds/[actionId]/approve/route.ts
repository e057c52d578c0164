// POST /api/refunds/:actionId/approve: a second person approves a held refund; the gateway is then called.
import { actionParams } from "@/lib/schemas/ids";
import { approvalSchema } from "@/lib/schemas/payment-actions";
import { actionResponse } from "@/server/http/action-response";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { approveRefund } from "@/server/services/refunds/approve-refund";

export const POST = route(
  { permission: "REFUNDS_APPROVE", params: actionParams, body: approvalSchema },
  async ({ principal, params, body, ip }) =>
    actionResponse(await approveRefund(await appContext({ principal, ip }), { actionId: params.actionId, note: body.note })),
);

// POST /api/refunds/:actionId/reject: a second person rejects a held refund, saying why; the reserved amount is released.
import { actionParams } from "@/lib/schemas/ids";
import { rejectionSchema } from "@/lib/schemas/payment-actions";
import { actionResponse } from "@/server/http/action-response";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { rejectRefund } from "@/server/services/refunds/approve-refund";

export const POST = route(
  { permission: "REFUNDS_APPROVE", params: actionParams, body: rejectionSchema },
  async ({ principal, params, body, ip }) =>
    actionResponse(await rejectRefund(await appContext({ principal, ip }), { actionId: params.actionId, note: body.note })),
);

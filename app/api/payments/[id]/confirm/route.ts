// POST /api/payments/:id/confirm: after the 3-D Secure step, ask the gateway for the real outcome.
import { paymentParams } from "@/lib/schemas/ids";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { confirmCardPayment } from "@/server/services/payments/new/confirm-card-payment";

export const POST = route({ permission: "PAYMENTS_CREATE", params: paymentParams }, async ({ principal, params, ip }) =>
  confirmCardPayment(await appContext({ principal, ip }), { paymentId: params.id }),
);

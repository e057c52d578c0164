// POST /api/payments/:id/confirm: after the 3-D Secure step, ask the gateway for the real outcome.
import { paymentParams } from "@/lib/schemas/ids";
import { route } from "@/server/http/route";
import { uiPrefsOfRequest } from "@/server/i18n/translator";
import { appContext } from "@/server/services/app-deps";
import { confirmCardPayment } from "@/server/services/payments/new/confirm-card-payment";

export const POST = route({ permission: "PAYMENTS_CREATE", params: paymentParams }, async ({ req, principal, params, ip }) =>
  // The sentence for staff in the reader's language.
  confirmCardPayment(await appContext({ principal, ip }), { paymentId: params.id }, uiPrefsOfRequest(req, principal)),
);

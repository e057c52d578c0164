// POST /api/payments: take a new card payment (server-to-server, or through the form interface).
import { newPaymentSchema } from "@/lib/schemas/new-payment";
import { route } from "@/server/http/route";
import { uiPrefsOfRequest } from "@/server/i18n/translator";
import { appContext } from "@/server/services/app-deps";
import { createCardPayment } from "@/server/services/payments/new/create-card-payment";

export const POST = route({ permission: "PAYMENTS_CREATE", body: newPaymentSchema }, async ({ req, principal, body, ip }) =>
  // The sentence for staff in the reader's language.
  createCardPayment(await appContext({ principal, ip }), body, uiPrefsOfRequest(req, principal)),
);

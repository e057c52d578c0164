// POST /api/payments: take a new card payment (server-to-server, or through the form interface).
import { newPaymentSchema } from "@/lib/schemas/new-payment";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { createCardPayment } from "@/server/services/payments/new/create-card-payment";

export const POST = route({ permission: "PAYMENTS_CREATE", body: newPaymentSchema }, async ({ principal, body, ip }) =>
  createCardPayment(await appContext({ principal, ip }), body),
);

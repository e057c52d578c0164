// POST /api/transactions/:id/notes: add a note to a payment for colleagues (mentions are mailed); never a card number.
import { paymentParams } from "@/lib/schemas/ids";
import { paymentNoteSchema } from "@/lib/schemas/payment-notes";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { addPaymentNote } from "@/server/services/payments/notes/add-payment-note";

export const POST = route(
  { permission: "TRANSACTIONS_VIEW", params: paymentParams, body: paymentNoteSchema },
  async ({ principal, params, body, ip }) => {
    const note = await addPaymentNote(await appContext({ principal, ip }), { paymentId: params.id, ...body });
    return Response.json({ note }, { status: 201, headers: { "Cache-Control": "no-store" } });
  },
);

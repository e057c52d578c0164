// Add a note to a payment: anyone who may see the payment may explain it to colleagues ("customer called, will retry
// tomorrow"). The note, its audit row and the mails to the colleagues it mentions ("@sara@merchant.example": active
// users who may see payments, never the author) are written in one transaction: a mention is mailed exactly when the
// note exists. A note never holds a card number: the schema refuses it, and so does this service whoever calls it.
import "server-only";
import { eq } from "drizzle-orm";
import { containsCardNumber } from "@/lib/card-data";
import { mentionedEmails, type PaymentNoteInput } from "@/lib/schemas/payment-notes";
import { vmsg } from "@/lib/schemas/messages";
import { appendAudit } from "../../../audit/audit-log";
import { activeHoldersOf } from "../../../auth/permission-holders";
import { paymentNotes, payments } from "../../../db/schema";
import { AppError } from "../../../errors";
import { enqueueMail } from "../../../mail/outbox";
import { mailPrefsFor, paymentNoteMail } from "../../../mail/templates";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { requirePermission } from "../../require-permission";

export async function addPaymentNote(
  ctx: ServiceContext<Pick<ServiceDeps, "db" | "now" | "config">>,
  input: { paymentId: string } & PaymentNoteInput,
): Promise<{ id: string; mentioned: number }> {
  const { deps, principal, ip } = ctx;
  requirePermission(principal, "TRANSACTIONS_VIEW");
  const body = input.body.trim();
  if (containsCardNumber(body)) throw new AppError("unprocessable", "payments.noteCardNumber", { body: [vmsg("notes.cardNumber")] });
  return deps.db.transaction(async (tx) => {
    const [payment] = await tx
      .select({ id: payments.id, orderId: payments.orderId })
      .from(payments)
      .where(eq(payments.id, input.paymentId));
    if (!payment) throw new AppError("not_found", "payments.notInLedger");
    const wanted = new Set(mentionedEmails(body));
    const told = wanted.size
      ? (await activeHoldersOf(tx, "TRANSACTIONS_VIEW")).filter((u) => wanted.has(u.email.toLowerCase()) && u.id !== principal.userId)
      : [];
    const [note] = await tx
      .insert(paymentNotes)
      .values({ paymentId: payment.id, authorId: principal.userId, body, mentioned: told.map((u) => u.id), createdAt: deps.now() })
      .returning({ id: paymentNotes.id });
    for (const colleague of told) {
      await enqueueMail(
        tx,
        colleague.email,
        paymentNoteMail(
          {
            name: colleague.name,
            author: principal.name,
            orderId: payment.orderId,
            note: body,
            paymentUrl: `${deps.config.appUrl}/transactions/${payment.id}`,
          },
          mailPrefsFor(colleague),
        ),
      );
    }
    // The audit row says that a note was added and whom it told; the text itself stays in the note.
    await appendAudit(tx, {
      action: "payment.note_add",
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      targetType: "payment",
      targetId: payment.id,
      summary: { noteId: note!.id, orderId: payment.orderId, length: body.length, told: told.map((u) => u.email) },
    });
    return { id: note!.id, mentioned: told.length };
  });
}

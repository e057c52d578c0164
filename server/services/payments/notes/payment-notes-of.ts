// The notes of one or more payments, oldest first, as the payment page and the customer page show them: who wrote
// each, when, and which colleagues it told. Reads only; the caller has checked the reader may see the payments.
import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { PaymentNoteView } from "@/lib/schemas/payment-notes";
import type { Db, Tx } from "../../../db/client";
import { paymentNotes, users } from "../../../db/schema";

export interface PaymentNoteOf extends PaymentNoteView {
  paymentId: string;
}

/** At most this many notes are read for one page (a payment, or a customer's shown payments). */
const NOTES_SHOWN = 200;

export async function paymentNotesOf(db: Db | Tx, paymentIds: readonly string[]): Promise<PaymentNoteOf[]> {
  if (paymentIds.length === 0) return [];
  const rows = await db
    .select({
      id: paymentNotes.id,
      paymentId: paymentNotes.paymentId,
      body: paymentNotes.body,
      author: users.name,
      mentioned: paymentNotes.mentioned,
      createdAt: paymentNotes.createdAt,
    })
    .from(paymentNotes)
    .innerJoin(users, eq(users.id, paymentNotes.authorId))
    .where(inArray(paymentNotes.paymentId, [...paymentIds]))
    .orderBy(asc(paymentNotes.createdAt), asc(paymentNotes.id))
    .limit(NOTES_SHOWN);
  const mentionedIds = [...new Set(rows.flatMap((r) => r.mentioned))];
  const names = new Map(
    mentionedIds.length
      ? (await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, mentionedIds))).map((u) => [u.id, u.name])
      : [],
  );
  return rows.map((r) => ({
    id: r.id,
    paymentId: r.paymentId,
    body: r.body,
    author: r.author,
    createdAt: r.createdAt.toISOString(),
    mentioned: r.mentioned.map((id) => names.get(id) ?? id),
  }));
}

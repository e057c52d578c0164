// A note staff add to a payment ("customer called, will retry tomorrow"): one schema for the note form and
// POST /api/transactions/<id>/notes. A note is free text read by colleagues, kept with the ledger; it must never
// carry a card number (refused, so it is never stored), and "@colleague@merchant.example" tells that colleague by mail.
import { containsCardNumber } from "../card-data";
import { vmsg } from "./messages";
import { NOTE_MAX_LENGTH } from "./payment-notes-values";
import { z } from "./zod";

export const paymentNoteSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, vmsg("notes.empty"))
    .max(NOTE_MAX_LENGTH, vmsg("text.atMost", { max: NOTE_MAX_LENGTH }))
    .refine((text) => !containsCardNumber(text), vmsg("notes.cardNumber")),
});
export type PaymentNoteInput = z.input<typeof paymentNoteSchema>;

export { mentionedEmails, NOTE_MAX_LENGTH, NOTE_MAX_MENTIONS, type PaymentNoteView } from "./payment-notes-values";

// Notes staff add to a payment ("customer called, will retry tomorrow"): who wrote what, when, and which colleagues
// were told by mail. Kept with the ledger (no retention rule: a note explains a payment for as long as the payment is
// kept); a note is never edited or deleted, so what a colleague was told stays what is shown. The text never holds a
// card number (refused before it is stored: lib/schemas/payment-notes.ts). No `import "server-only"`: drizzle-kit
// reads it.
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { payments, users } from "./schema";

export const paymentNotes = pgTable(
  "payment_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id),
    body: text("body").notNull(),
    /** The user ids told of this note by mail (its @-mentions that are active colleagues). */
    mentioned: jsonb("mentioned").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("payment_notes_payment_idx").on(t.paymentId, t.createdAt),
    check("payment_notes_body_check", sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

export type PaymentNoteRow = typeof paymentNotes.$inferSelect;

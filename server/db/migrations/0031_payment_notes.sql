-- Notes staff add to a payment for colleagues (who, when, what, whom it told by mail). Kept with the ledger; never
-- edited or deleted; the text is at most 2000 characters and never holds a card number (refused before it is stored).
CREATE TABLE "payment_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"mentioned" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_notes_body_check" CHECK (char_length("payment_notes"."body") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "payment_notes" ADD CONSTRAINT "payment_notes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notes" ADD CONSTRAINT "payment_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_notes_payment_idx" ON "payment_notes" USING btree ("payment_id","created_at");
-- Matching settlement lines to the ledger: each line keeps the payment it was matched to (by RRN, then the gateway's
-- id) and its state; what finance must look at (a line the ledger does not know, an amount that disagrees, a payment
-- settled twice) becomes an open exception, one per kind and line.
CREATE TABLE "reconciliation_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"file_id" uuid,
	"line_id" uuid,
	"payment_id" uuid,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_exceptions_kind_check" CHECK ("reconciliation_exceptions"."kind" in ('not_in_ledger', 'amount_mismatch', 'duplicate')),
	CONSTRAINT "reconciliation_exceptions_state_check" CHECK ("reconciliation_exceptions"."state" in ('open', 'resolved'))
);
--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD COLUMN "match_rule" text;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD COLUMN "match_state" text;--> statement-breakpoint
ALTER TABLE "reconciliation_exceptions" ADD CONSTRAINT "reconciliation_exceptions_file_id_settlement_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."settlement_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_exceptions" ADD CONSTRAINT "reconciliation_exceptions_line_id_settlement_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."settlement_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_exceptions" ADD CONSTRAINT "reconciliation_exceptions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_exceptions_open_idx" ON "reconciliation_exceptions" USING btree ("state","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_exceptions_line_unique" ON "reconciliation_exceptions" USING btree ("kind","line_id");--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settlement_lines_payment_idx" ON "settlement_lines" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_match_rule_check" CHECK ("settlement_lines"."match_rule" in ('rrn', 'gateway_id'));--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_match_state_check" CHECK ("settlement_lines"."match_state" in ('matched', 'amount_mismatch', 'duplicate', 'not_in_ledger'));
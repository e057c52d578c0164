-- Captured payments no settlement file has listed past their settlement lag (SETTLEMENT_LAG_DAYS) become one open
-- "not in any file" exception each; an exception records how it ended (a later file listing the payment: settled_late).
ALTER TABLE "reconciliation_exceptions" DROP CONSTRAINT "reconciliation_exceptions_kind_check";--> statement-breakpoint
ALTER TABLE "reconciliation_exceptions" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "reconciliation_exceptions" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_exceptions_unsettled_unique" ON "reconciliation_exceptions" USING btree ("payment_id") WHERE "reconciliation_exceptions"."kind" = 'not_in_file' and "reconciliation_exceptions"."state" = 'open';--> statement-breakpoint
ALTER TABLE "reconciliation_exceptions" ADD CONSTRAINT "reconciliation_exceptions_kind_check" CHECK ("reconciliation_exceptions"."kind" in ('not_in_ledger', 'amount_mismatch', 'duplicate', 'not_in_file'));
-- What a payment was asked to do, so that staff read "Authorization" for an authorize-only payment (a sale goes straight
-- to captured). Earlier payments: an authorization is one the ledger saw authorized (still, or captured later by a
-- capture action, or voided before any capture); every other one stays a sale.
ALTER TABLE "payments" ADD COLUMN "intent" text DEFAULT 'sale' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_intent_check" CHECK ("payments"."intent" in ('sale', 'authorize'));--> statement-breakpoint
UPDATE "payments" SET "intent" = 'authorize' WHERE "status" = 'authorized' OR ("status" = 'voided' AND "captured_minor" = 0 AND "authorized_minor" > 0) OR EXISTS (SELECT 1 FROM "payment_actions" a WHERE a."payment_id" = "payments"."id" AND a."type" = 'capture');

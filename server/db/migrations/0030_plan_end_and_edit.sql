-- Billing plans get an end (a last charge date or a number of charges, never both) and can be edited: a plan that
-- reaches its end is 'completed' (no longer live: its token may get a new plan); the charge day can move (the
-- anchor date then names the cycle anchor_cycle); each claimed attempt keeps the amount it charges, so an edit of
-- the plan's amount never changes a charge in flight. Existing plans get no end; their approved charges are counted
-- and their attempts keep the plan's amount.
ALTER TABLE "billing_plans" DROP CONSTRAINT "billing_plans_status_check";--> statement-breakpoint
DROP INDEX "billing_plans_live_token_unique";--> statement-breakpoint
ALTER TABLE "billing_plan_charges" ADD COLUMN "amount_minor" bigint;--> statement-breakpoint
UPDATE "billing_plan_charges" c SET "amount_minor" = p."amount_minor" FROM "billing_plans" p WHERE p."id" = c."plan_id";--> statement-breakpoint
ALTER TABLE "billing_plan_charges" ALTER COLUMN "amount_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_plans" ADD COLUMN "anchor_cycle" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_plans" ADD COLUMN "end_date" text;--> statement-breakpoint
ALTER TABLE "billing_plans" ADD COLUMN "max_charges" integer;--> statement-breakpoint
ALTER TABLE "billing_plans" ADD COLUMN "charges_made" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "billing_plans" p SET "charges_made" = (SELECT count(*) FROM "billing_plan_charges" c WHERE c."plan_id" = p."id" AND c."outcome" = 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX "billing_plans_live_token_unique" ON "billing_plans" USING btree ("first_payment_id") WHERE "billing_plans"."status" in ('active', 'paused');--> statement-breakpoint
ALTER TABLE "billing_plans" ADD CONSTRAINT "billing_plans_one_end_check" CHECK ("billing_plans"."end_date" is null or "billing_plans"."max_charges" is null);--> statement-breakpoint
ALTER TABLE "billing_plans" ADD CONSTRAINT "billing_plans_end_counters_check" CHECK (("billing_plans"."max_charges" is null or "billing_plans"."max_charges" >= 1) and "billing_plans"."charges_made" >= 0 and "billing_plans"."anchor_cycle" >= 0);--> statement-breakpoint
ALTER TABLE "billing_plans" ADD CONSTRAINT "billing_plans_status_check" CHECK ("billing_plans"."status" in ('active', 'paused', 'cancelled', 'completed'));

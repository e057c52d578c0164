CREATE TABLE "billing_plan_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"cycle" integer NOT NULL,
	"attempt" integer NOT NULL,
	"cycle_date" text NOT NULL,
	"order_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_id" uuid,
	"outcome" text DEFAULT 'claimed' NOT NULL,
	"decline_reason" text,
	"next_retry_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_payment_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"interval" text NOT NULL,
	"anchor_date" text NOT NULL,
	"description" text NOT NULL,
	"interface" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"pause_reason" text,
	"cycle" integer DEFAULT 0 NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"next_charge_at" timestamp with time zone NOT NULL,
	"in_flight_charge_id" uuid,
	"last_charge_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_plans_status_check" CHECK ("billing_plans"."status" in ('active', 'paused', 'cancelled')),
	CONSTRAINT "billing_plans_interval_check" CHECK ("billing_plans"."interval" in ('weekly', 'monthly', 'yearly')),
	CONSTRAINT "billing_plans_interface_check" CHECK ("billing_plans"."interface" in ('v2', 'form')),
	CONSTRAINT "billing_plans_amount_check" CHECK ("billing_plans"."amount_minor" > 0),
	CONSTRAINT "billing_plans_counters_check" CHECK ("billing_plans"."cycle" >= 0 and "billing_plans"."attempt" >= 0)
);
--> statement-breakpoint
ALTER TABLE "billing_plan_charges" ADD CONSTRAINT "billing_plan_charges_plan_id_billing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."billing_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_plan_charges" ADD CONSTRAINT "billing_plan_charges_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_plans" ADD CONSTRAINT "billing_plans_first_payment_id_payments_id_fk" FOREIGN KEY ("first_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_plan_charges_attempt_unique" ON "billing_plan_charges" USING btree ("plan_id","cycle","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_plan_charges_order_unique" ON "billing_plan_charges" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_plan_charges_key_unique" ON "billing_plan_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_plan_charges_payment_unique" ON "billing_plan_charges" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "billing_plan_charges_plan_idx" ON "billing_plan_charges" USING btree ("plan_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_plan_charges_outcome_idx" ON "billing_plan_charges" USING btree ("outcome","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_plans_live_token_unique" ON "billing_plans" USING btree ("first_payment_id") WHERE "billing_plans"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "billing_plans_due_idx" ON "billing_plans" USING btree ("status","next_charge_at");--> statement-breakpoint
CREATE INDEX "billing_plans_created_idx" ON "billing_plans" USING btree ("created_at","id");
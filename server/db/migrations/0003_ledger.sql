CREATE TABLE "gateway_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dedupe_key" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content_type" text,
	"action" text,
	"result" text,
	"status" text,
	"trans_id" text,
	"order_id" text,
	"hash_valid" boolean NOT NULL,
	"payload" jsonb NOT NULL,
	"processing_result" text,
	"processed_at" timestamp with time zone,
	"payment_id" uuid
);
--> statement-breakpoint
CREATE TABLE "payment_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"type" text NOT NULL,
	"method" text,
	"state" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"gateway_ref_id" text,
	"reason_code" text,
	"note" text,
	"outcome_message" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"approved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_actions_type_check" CHECK ("payment_actions"."type" in ('capture', 'void', 'refund')),
	CONSTRAINT "payment_actions_state_check" CHECK ("payment_actions"."state" in ('pending_approval', 'in_flight', 'succeeded', 'declined', 'failed', 'unknown', 'rejected')),
	CONSTRAINT "payment_actions_amount_check" CHECK ("payment_actions"."amount_minor" >= 0),
	CONSTRAINT "payment_actions_approver_check" CHECK ("payment_actions"."approved_by" is null or "payment_actions"."approved_by" <> "payment_actions"."requested_by")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" text NOT NULL,
	"gateway_id" text,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"authorized_minor" bigint DEFAULT 0 NOT NULL,
	"captured_minor" bigint DEFAULT 0 NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"description" text,
	"payer_name" text,
	"payer_email" text,
	"payer_phone" text,
	"card_bin6" text,
	"card_last4" text,
	"card_brand" text,
	"card_expiry" text,
	"branch_id" text,
	"recurring_token" text,
	"card_token" text,
	"parent_payment_id" uuid,
	"decline_reason" text,
	"gateway_status" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_synced_at" timestamp with time zone,
	CONSTRAINT "payments_amounts_check" CHECK ("payments"."amount_minor" >= 0 and "payments"."authorized_minor" >= 0 and "payments"."captured_minor" >= 0 and "payments"."refunded_minor" >= 0),
	CONSTRAINT "payments_capture_le_authorized" CHECK ("payments"."captured_minor" <= "payments"."authorized_minor"),
	CONSTRAINT "payments_refund_le_captured" CHECK ("payments"."refunded_minor" <= "payments"."captured_minor"),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'awaiting_3ds', 'authorized', 'captured', 'partially_refunded', 'refunded', 'voided', 'declined', 'failed', 'unknown'))
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_actions" ADD CONSTRAINT "payment_actions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_notifications_dedupe_unique" ON "gateway_notifications" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "gateway_notifications_trans_idx" ON "gateway_notifications" USING btree ("trans_id","received_at");--> statement-breakpoint
CREATE INDEX "gateway_notifications_pending_idx" ON "gateway_notifications" USING btree ("processed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_actions_idempotency_unique" ON "payment_actions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_actions_payment_idx" ON "payment_actions" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_actions_state_idx" ON "payment_actions" USING btree ("type","state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_unique" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_id_unique" ON "payments" USING btree ("gateway_id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_email_idx" ON "payments" USING btree ("payer_email");--> statement-breakpoint
CREATE INDEX "payments_last4_idx" ON "payments" USING btree ("card_last4");--> statement-breakpoint
CREATE INDEX "payments_branch_idx" ON "payments" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_user_name_unique" ON "saved_views" USING btree ("user_id","name");
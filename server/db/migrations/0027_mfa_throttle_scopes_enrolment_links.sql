-- The second factor's throttle and its enrolment after a reset (PCI DSS 4.0.1 8.3.4, 8.4.2).
-- mfa_failures now says which session failed and whether it had passed the password step only (pending): failures
-- are counted per pending session, per user over the pending sessions and per user over the verified ones, so the
-- password alone can no longer lock step-up in the user's verified sessions. Rows from before count as pending.
-- mfa_enrolment_links holds the one-time links a super-admin's "Reset 2FA" mails to the user (token SHA-256 only,
-- short expiry, single use): after a reset, enrolling a new factor needs the link, not the password alone.
CREATE TABLE "mfa_enrolment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mfa_failures" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "mfa_failures" ADD COLUMN "pending" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "mfa_enrolment_links" ADD CONSTRAINT "mfa_enrolment_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mfa_enrolment_links_hash_unique" ON "mfa_enrolment_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "mfa_enrolment_links_user_idx" ON "mfa_enrolment_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mfa_failures_session_idx" ON "mfa_failures" USING btree ("session_id");
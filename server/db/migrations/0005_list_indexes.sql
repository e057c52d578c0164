DROP INDEX "payments_email_idx";--> statement-breakpoint
CREATE INDEX "payments_email_lower_idx" ON "payments" USING btree (lower("payer_email"));--> statement-breakpoint
CREATE INDEX "payments_amount_idx" ON "payments" USING btree ("amount_minor","id");
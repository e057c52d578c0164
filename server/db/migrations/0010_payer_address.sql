ALTER TABLE "payments" ADD COLUMN "payer_address" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_city" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_zip" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_country" text;
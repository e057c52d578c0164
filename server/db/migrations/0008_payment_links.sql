CREATE TABLE "payment_links" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"session_id" text,
	"issue_date" text NOT NULL,
	"expire_date" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_links_expire_idx" ON "payment_links" USING btree ("expire_date");--> statement-breakpoint
CREATE INDEX "payment_links_created_idx" ON "payment_links" USING btree ("created_at");
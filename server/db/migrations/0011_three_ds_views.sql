CREATE TABLE "three_ds_views" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "three_ds_views_payment_idx" ON "three_ds_views" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "three_ds_views_expires_idx" ON "three_ds_views" USING btree ("expires_at");
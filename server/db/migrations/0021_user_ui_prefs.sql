ALTER TABLE "users" ADD COLUMN "ui_language" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ui_digits" text DEFAULT 'latn' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ui_hijri" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_ui_language_check" CHECK ("users"."ui_language" in ('en', 'ar'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_ui_digits_check" CHECK ("users"."ui_digits" in ('latn', 'arab'));
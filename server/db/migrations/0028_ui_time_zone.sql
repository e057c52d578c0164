-- Whose clock a person reads dates in: the business zone (REPORT_TIME_ZONE, every screen and export alike) unless they
-- chose their browser's own on the Account page. Existing users keep the business zone.
ALTER TABLE "users" ADD COLUMN "ui_time_zone" text DEFAULT 'business' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_ui_time_zone_check" CHECK ("users"."ui_time_zone" in ('business', 'browser'));
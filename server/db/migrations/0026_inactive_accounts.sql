-- PCI DSS 8.2.6: accounts unused for INACTIVE_ACCOUNT_DAYS are disabled by a daily pass. The users table keeps why
-- an account is disabled (disabled_reason: 'admin' by a person, 'inactive' by the pass; NULL for accounts disabled
-- before this) and since when, so the users page can say "inactive since"; and when an administrator last enabled
-- it again (reenabled_at), so a re-enabled account's inactivity counts from then and the next pass leaves it alone.
ALTER TABLE "users" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reenabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_disabled_reason_check" CHECK ("users"."disabled_reason" in ('admin', 'inactive'));
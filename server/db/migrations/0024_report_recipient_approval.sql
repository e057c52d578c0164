-- Scheduled reports leave only for allowed places: recipients outside the merchant's domains wait for a second
-- person's approval (outside_recipients, approval, approval_by/at), and deleting a schedule keeps its row and runs
-- (deleted_at/by) so the trail can always say where a report went. Existing schedules need no approval
-- ('not_needed'); their next run checks the domains again and asks for one if an address is outside.
ALTER TABLE "report_schedules" ADD COLUMN "outside_recipients" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD COLUMN "approval" text DEFAULT 'not_needed' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD COLUMN "approval_by" uuid;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD COLUMN "approval_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_approval_by_users_id_fk" FOREIGN KEY ("approval_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_approval_check" CHECK ("report_schedules"."approval" in ('not_needed', 'pending', 'approved', 'rejected'));
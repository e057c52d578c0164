CREATE TABLE "report_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"scheduled_for" timestamp with time zone,
	"first_day" date,
	"last_day" date,
	"result" text NOT NULL,
	"message" text,
	"recipients" integer DEFAULT 0 NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_runs_trigger_check" CHECK ("report_runs"."trigger" in ('schedule', 'send_now')),
	CONSTRAINT "report_runs_result_check" CHECK ("report_runs"."result" in ('sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"report" text NOT NULL,
	"breakdown" text DEFAULT 'none' NOT NULL,
	"branch_id" text,
	"currency" text,
	"frequency" text NOT NULL,
	"time_of_day" text NOT NULL,
	"weekday" integer,
	"month_day" integer,
	"recipients" text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"pause_reason" text,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_result" text,
	"last_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedules_frequency_check" CHECK ("report_schedules"."frequency" in ('daily', 'weekly', 'monthly')),
	CONSTRAINT "report_schedules_status_check" CHECK ("report_schedules"."status" in ('active', 'paused')),
	CONSTRAINT "report_schedules_time_check" CHECK ("report_schedules"."time_of_day" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "report_schedules_day_check" CHECK (("report_schedules"."frequency" <> 'weekly' or "report_schedules"."weekday" between 0 and 6) and ("report_schedules"."frequency" <> 'monthly' or "report_schedules"."month_day" between 1 and 28)),
	CONSTRAINT "report_schedules_recipients_check" CHECK (cardinality("report_schedules"."recipients") between 1 and 20),
	CONSTRAINT "report_schedules_last_result_check" CHECK ("report_schedules"."last_result" is null or "report_schedules"."last_result" in ('sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_schedule_id_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."report_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_runs_schedule_idx" ON "report_runs" USING btree ("schedule_id","ran_at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_runs_slot_idx" ON "report_runs" USING btree ("schedule_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "report_schedules_due_idx" ON "report_schedules" USING btree ("status","next_run_at");--> statement-breakpoint
CREATE INDEX "report_schedules_owner_idx" ON "report_schedules" USING btree ("owner_id","created_at");
// Scheduled reports: a person with REPORTS_VIEW has a report e-mailed to a list of recipients every day,
// week or month, at a time of day in the reporting zone. The scheduler (server/services/reports/schedules/
// run-due-schedules.ts) claims due rows with FOR UPDATE SKIP LOCKED and, in one transaction, queues one mail per
// recipient, writes the run and moves next_run_at on. No `import "server-only"`: drizzle-kit reads it.
import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./schema";

export const reportSchedules = pgTable(
  "report_schedules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The report runs as this user, with the permissions they hold at run time. */
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    report: text("report").notNull(),
    /** Daily closing's options. */
    breakdown: text("breakdown").notNull().default("none"),
    branchId: text("branch_id"),
    currency: text("currency"),
    frequency: text("frequency").notNull(),
    /** HH:MM on the reporting zone's wall clock. */
    timeOfDay: text("time_of_day").notNull(),
    /** Weekly: 0 = Sunday … 6 = Saturday. */
    weekday: integer("weekday"),
    /** Monthly: 1–28 (every month has it; the report covers the previous calendar month anyway). */
    monthDay: integer("month_day"),
    /** Lower-cased e-mail addresses, 1 to 20. */
    recipients: text("recipients").array().notNull(),
    /**
     * The recipients outside the merchant's domains (REPORT_RECIPIENT_DOMAINS) when the schedule was made, or when
     * a run found a domain no longer allowed. Business data leaves for them only once a second person with
     * REPORTS_APPROVE has approved these very addresses.
     */
    outsideRecipients: text("outside_recipients")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** not_needed (every address inside), pending (waits for a second person), approved, rejected (never runs). */
    approval: text("approval").notNull().default("not_needed"),
    approvalBy: uuid("approval_by").references(() => users.id, { onDelete: "set null" }),
    approvalAt: timestamp("approval_at", { withTimezone: true, mode: "date" }),
    status: text("status").notNull().default("active"),
    /** Why it is paused (a person's pause, or the owner's lost access). */
    pauseReason: text("pause_reason"),
    /** The next scheduled instant; kept while paused (resume computes it again from the time of resuming). */
    nextRunAt: timestamp("next_run_at", { withTimezone: true, mode: "date" }).notNull(),
    lastRunAt: timestamp("last_run_at", { withTimezone: true, mode: "date" }),
    lastResult: text("last_result"),
    lastMessage: text("last_message"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** Deleting keeps the row (and its runs): the trail can always say where a report went. Never runs again. */
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
    deletedBy: uuid("deleted_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("report_schedules_due_idx").on(t.status, t.nextRunAt),
    index("report_schedules_owner_idx").on(t.ownerId, t.createdAt),
    check("report_schedules_frequency_check", sql`${t.frequency} in ('daily', 'weekly', 'monthly')`),
    check("report_schedules_status_check", sql`${t.status} in ('active', 'paused')`),
    check("report_schedules_time_check", sql`${t.timeOfDay} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check(
      "report_schedules_day_check",
      sql`(${t.frequency} <> 'weekly' or ${t.weekday} between 0 and 6) and (${t.frequency} <> 'monthly' or ${t.monthDay} between 1 and 28)`,
    ),
    check("report_schedules_recipients_check", sql`cardinality(${t.recipients}) between 1 and 20`),
    check("report_schedules_approval_check", sql`${t.approval} in ('not_needed', 'pending', 'approved', 'rejected')`),
    check("report_schedules_last_result_check", sql`${t.lastResult} is null or ${t.lastResult} in ('sent', 'failed')`),
  ],
);

/**
 * One run of a schedule: by the scheduler (scheduled_for = the slot it ran for; unique, a second claim of the same
 * slot fails instead of mailing twice) or a person's "Send now" (scheduled_for null).
 */
export const reportRuns = pgTable(
  "report_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    scheduleId: uuid("schedule_id")
      .notNull()
      .references(() => reportSchedules.id, { onDelete: "cascade" }),
    trigger: text("trigger").notNull(),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true, mode: "date" }),
    firstDay: date("first_day", { mode: "string" }),
    lastDay: date("last_day", { mode: "string" }),
    result: text("result").notNull(),
    message: text("message"),
    recipients: integer("recipients").notNull().default(0),
    ranAt: timestamp("ran_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("report_runs_schedule_idx").on(t.scheduleId, t.ranAt),
    uniqueIndex("report_runs_slot_idx").on(t.scheduleId, t.scheduledFor),
    check("report_runs_trigger_check", sql`${t.trigger} in ('schedule', 'send_now')`),
    check("report_runs_result_check", sql`${t.result} in ('sent', 'failed')`),
  ],
);

export type ReportScheduleRow = typeof reportSchedules.$inferSelect;
export type ReportRunRow = typeof reportRuns.$inferSelect;

// One run of a report schedule, inside the caller's transaction (the scheduler's claim, or "Send now"): the report
// is made as the schedule's owner with the permissions they hold now, written as CSV, and one mail per recipient
// is queued in the outbox with it attached; the run, the schedule's last result (and, for a scheduled run, its
// next run) and the audit row are written in the same transaction. So the mails exist if and only if the run is
// recorded, and a slot whose run committed is never claimed again.
//
// A run fails (recorded, no mail) when the owner is disabled or no longer holds REPORTS_VIEW, which also pauses
// the schedule (a report must never reach anyone after its owner's access was revoked), or when the report cannot
// be made (the schedule stays active: the next slot tries again).
import "server-only";
import { eq } from "drizzle-orm";
import { keyedMessage, translateKeyedNested } from "@/lib/i18n/keyed-message";
import type { ReportRequest, ReportTable } from "@/lib/reports/report-table";
import { REPORT_TITLE, type ClosingBreakdown, type ReportId } from "@/lib/reports/report-table";
import { type ScheduleFrequency, type ScheduleTiming, type SendNowPeriod } from "@/lib/schemas/report-schedules-values";
import { formatInZone } from "@/lib/transactions/zoned-time";
import { appendAudit } from "../../../audit/audit-log";
import type { Db, Tx } from "../../../db/client";
import { reportRuns, reportSchedules, type ReportScheduleRow } from "../../../db/schema";
import { AppError } from "../../../errors";
import { logger as defaultLogger, type Logger } from "../../../log/logger";
import { enqueueMail } from "../../../mail/outbox";
import { mailPrefsFor, scheduledReportMail } from "../../../mail/templates";
import { translatorFor } from "../../../i18n/translator";
import { localizeReport, reportFileWords } from "../localize-report";
import { scheduleWords } from "./schedule-words";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { reportCsv, reportFileName } from "../files/report-csv";
import { runReport as defaultRunReport } from "../run-report";
import { currentPeriodFor, nextRunAfter, reportPeriodFor } from "./next-run";
import { reportSummary } from "./report-summary";
import { schedulePrincipal } from "./schedule-owner";
import { allowedRecipientDomains, outsideAddresses, unapprovedAddresses } from "./recipient-domains";

/** Who is named in the audit log for a run the scheduler made (no person pressed anything). */
export const REPORT_SCHEDULER_ACTOR = { id: null, email: "system:report-scheduler" } as const;

export type RunReportFn = (ctx: ServiceContext, request: ReportRequest) => Promise<ReportTable>;

export interface RunInput {
  schedule: ReportScheduleRow;
  trigger: "schedule" | "send_now";
  /** The slot a scheduled run is for (its period and its next run follow from it); null for "Send now". */
  slot: Date | null;
  actor: { id: string | null; email: string };
  ip: string | null;
  /** "Send now" only: "current" sends the period still running (today so far…) instead of the last complete one. */
  period?: SendNowPeriod;
}

export interface RunOutcome {
  runId: string;
  result: "sent" | "failed";
  message: string;
  firstDay: string | null;
  lastDay: string | null;
  mailIds: string[];
  paused: boolean;
}

export interface RunOptions {
  runReport?: RunReportFn;
  log?: Logger;
}

const ENGLISH = { language: "en", digits: "latn" } as const;
/** The audit log keeps plain English; the run and the schedule store the keyed message (reports.schedules.outcomes). */
const inEnglish = (text: string) =>
  translateKeyedNested(translatorFor(ENGLISH, "reports.schedules.outcomes"), text, translatorFor(ENGLISH, "errors"));

export const timingOf = (s: ReportScheduleRow): ScheduleTiming => ({
  frequency: s.frequency as ScheduleFrequency,
  timeOfDay: s.timeOfDay,
  weekday: s.weekday,
  monthDay: s.monthDay,
});

export async function runScheduleInTx(deps: ServiceDeps, tx: Tx, input: RunInput, opts: RunOptions = {}): Promise<RunOutcome> {
  const { schedule, trigger, slot } = input;
  const log = opts.log ?? defaultLogger;
  const now = deps.now();
  const zone = deps.config.reportTimeZone;
  const timing = timingOf(schedule);
  const soFar = !slot && input.period === "current";
  const period = soFar ? currentPeriodFor(timing.frequency, now, zone) : reportPeriodFor(timing.frequency, slot ?? now, zone);
  const report = schedule.report as ReportId;

  let result: "sent" | "failed" = "failed";
  let message = "";
  let pause: string | null = null;
  /** Outside addresses found at run time that no approval covers: the schedule waits for one again. */
  let needsApproval: string[] | null = null;
  const mailIds: string[] = [];

  const owner = await schedulePrincipal(tx, schedule.ownerId);
  // Checked at every run, not only when the schedule was made: the allowed domains can have changed since.
  const allowed = await allowedRecipientDomains(tx, deps.config.reportRecipientDomains);
  const unapproved = unapprovedAddresses(schedule, allowed);
  if (!owner.ok) {
    message = keyedMessage("pausedBecause", { reason: owner.reason });
    pause = owner.reason;
  } else if (unapproved.length > 0) {
    needsApproval = outsideAddresses(schedule.recipients, allowed);
    message = keyedMessage("outsideNotApproved", { addresses: unapproved.join(", "), count: unapproved.length });
  } else {
    const request: ReportRequest = {
      report,
      firstDay: period.firstDay,
      lastDay: period.lastDay,
      breakdown: schedule.breakdown as ClosingBreakdown,
      ...(schedule.branchId ? { branchId: schedule.branchId } : {}),
      ...(schedule.currency ? { currency: schedule.currency } : {}),
    };
    let table: ReportTable | null = null;
    try {
      // A savepoint: a report that fails in SQL must not abort the transaction that records the failure.
      table = await tx.transaction((sp) =>
        (opts.runReport ?? defaultRunReport)({ deps: { ...deps, db: sp as unknown as Db }, principal: owner.principal, ip: null }, request),
      );
    } catch (e) {
      // The error's key when it has no values (said in the reader's language), else its English words.
      if (e instanceof AppError)
        message = keyedMessage("reportFailed", { reason: typeof e.messageKey === "string" ? e.messageKey : e.message });
      else {
        message = keyedMessage("reportFailedInternal");
        log.error("report_schedule.report_failed", { scheduleId: schedule.id, report, error: e instanceof Error ? e.message : String(e) });
      }
    }
    if (table) {
      // In the schedule owner's language: the mail, the report's words and the CSV's headers.
      const prefs = mailPrefsFor({ uiLanguage: owner.principal.uiPrefs?.language, uiDigits: owner.principal.uiPrefs?.digits });
      const tm = translatorFor(prefs, "mail");
      table = localizeReport(table, prefs);
      const filename = reportFileName(table, "csv");
      const days = table.period
        ? table.period.firstDay === table.period.lastDay
          ? table.period.firstDay
          : tm("scheduledReport.range", { first: table.period.firstDay, last: table.period.lastDay })
        : tm("scheduledReport.asOf", { day: now.toISOString().slice(0, 10) });
      const mail = scheduledReportMail(
        {
          title: table.title,
          days: soFar ? tm("scheduledReport.soFar", { days, time: formatInZone(now, zone).slice(11, 16) }) : days,
          timeZone: table.timeZone,
          summary: reportSummary(table),
          schedule: tm("scheduledReport.schedule", { words: scheduleWords(timing, prefs), zone }),
          owner: tm("scheduledReport.owner", { name: owner.principal.name, email: owner.principal.email }),
          attachment: { filename, contentType: "text/csv; charset=utf-8", content: reportCsv(table, reportFileWords(prefs)) },
        },
        prefs,
      );
      for (const to of schedule.recipients) mailIds.push(await enqueueMail(tx, to, mail));
      result = "sent";
      message = keyedMessage("sent", { count: schedule.recipients.length });
    } else {
      message ||= keyedMessage("reportNotMade");
    }
  }

  const [run] = await tx
    .insert(reportRuns)
    .values({
      scheduleId: schedule.id,
      trigger,
      scheduledFor: slot,
      firstDay: report === "auth-ageing" ? null : period.firstDay,
      lastDay: report === "auth-ageing" ? null : period.lastDay,
      result,
      message,
      recipients: mailIds.length,
      ranAt: now,
    })
    .returning({ id: reportRuns.id });
  await tx
    .update(reportSchedules)
    .set({
      lastRunAt: now,
      lastResult: result,
      lastMessage: message,
      updatedAt: now,
      ...(slot ? { nextRunAt: nextRunAfter(timing, zone, slot) } : {}),
      ...(pause ? { status: "paused", pauseReason: pause } : {}),
      ...(needsApproval ? { approval: "pending", outsideRecipients: needsApproval, approvalBy: null, approvalAt: null } : {}),
    })
    .where(eq(reportSchedules.id, schedule.id));
  await appendAudit(tx, {
    actorId: input.actor.id,
    actorEmail: input.actor.email,
    ip: input.ip,
    action: "report_schedule.run",
    targetType: "report_schedule",
    targetId: schedule.id,
    at: now,
    summary: {
      report: REPORT_TITLE[report] ?? report,
      trigger,
      ...(soFar ? { soFar } : {}),
      result,
      message: inEnglish(message),
      firstDay: period.firstDay,
      lastDay: period.lastDay,
      recipients: mailIds.length,
      // Every address the report went to (PCI DSS 10.2: where business data left for must be on the trail).
      recipientAddresses: mailIds.length ? schedule.recipients : [],
      paused: pause !== null,
      ...(needsApproval ? { awaitingApproval: needsApproval } : {}),
    },
  });
  return {
    runId: run!.id,
    result,
    message,
    firstDay: period.firstDay,
    lastDay: period.lastDay,
    mailIds,
    paused: pause !== null,
  };
}

// The Scheduled reports page's data: the person's own schedules (a super-admin's: everyone's, with the owner
// named), newest first, each with its schedule in words, recipients, next run, and last run with its result.
import "server-only";
import { and, desc, eq, isNull, or } from "drizzle-orm";
import { REPORT_TITLE, type ReportId } from "@/lib/reports/report-table";
import {
  scheduleInWords,
  type ScheduleApproval,
  type ScheduleFrequency,
  type ScheduleStatus,
  type ScheduleTiming,
} from "@/lib/schemas/report-schedules-values";
import { reportSchedules, users } from "../../../db/schema";
import type { ServiceContext } from "../../deps";
import { requirePermission } from "../../require-permission";
import { seesAllSchedules } from "./schedule-access";
import { timingOf } from "./run-schedule";

export interface ScheduleView {
  id: string;
  report: ReportId;
  reportTitle: string;
  breakdown: string;
  branchId: string | null;
  currency: string | null;
  frequency: ScheduleFrequency;
  /** "Every Monday at 07:00" (the zone is `timeZone`). */
  words: string;
  /** When it runs, for the page to say in the reader's language. */
  timing: ScheduleTiming;
  timeZone: string;
  recipients: string[];
  status: ScheduleStatus;
  pauseReason: string | null;
  nextRunAt: string;
  lastRunAt: string | null;
  lastResult: "sent" | "failed" | null;
  lastMessage: string | null;
  owner: { email: string; name: string; isMe: boolean };
  /** Outside addresses and their approval (not_needed when every recipient is at the merchant's domains). */
  approval: ScheduleApproval;
  outsideRecipients: string[];
  /** Whether this reader may approve or reject it (REPORTS_APPROVE, someone else's, waiting); the server decides. */
  canDecide: boolean;
}

export async function listSchedules(ctx: ServiceContext): Promise<ScheduleView[]> {
  requirePermission(ctx.principal, "REPORTS_VIEW");
  const { deps, principal } = ctx;
  const zone = deps.config.reportTimeZone;
  const base = deps.db
    .select({ s: reportSchedules, email: users.email, name: users.name })
    .from(reportSchedules)
    .innerJoin(users, eq(users.id, reportSchedules.ownerId));
  const live = isNull(reportSchedules.deletedAt);
  const approver = principal.permissions.has("REPORTS_APPROVE");
  // Approvers also see the schedules that wait for a second person, whoever made them.
  const mine = approver
    ? or(eq(reportSchedules.ownerId, principal.userId), eq(reportSchedules.approval, "pending"))
    : eq(reportSchedules.ownerId, principal.userId);
  const rows = await base
    .where(seesAllSchedules(principal) ? live : and(live, mine))
    .orderBy(desc(reportSchedules.createdAt), desc(reportSchedules.id))
    .limit(500);
  return rows.map(({ s, email, name }) => ({
    id: s.id,
    report: s.report as ReportId,
    reportTitle: REPORT_TITLE[s.report as ReportId] ?? s.report,
    breakdown: s.breakdown,
    branchId: s.branchId,
    currency: s.currency,
    frequency: s.frequency as ScheduleFrequency,
    words: scheduleInWords(timingOf(s)),
    timing: timingOf(s),
    timeZone: zone,
    recipients: s.recipients,
    status: s.status as ScheduleStatus,
    pauseReason: s.pauseReason,
    nextRunAt: s.nextRunAt.toISOString(),
    lastRunAt: s.lastRunAt?.toISOString() ?? null,
    lastResult: (s.lastResult as "sent" | "failed" | null) ?? null,
    lastMessage: s.lastMessage,
    owner: { email, name, isMe: s.ownerId === principal.userId },
    approval: s.approval as ScheduleApproval,
    outsideRecipients: s.outsideRecipients,
    canDecide: approver && s.approval === "pending" && s.ownerId !== principal.userId,
  }));
}

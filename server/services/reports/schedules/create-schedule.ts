// Schedule a report: which report (and its options), how often and when on the reporting zone's clock, and to whom.
// It runs as its creator, with the permissions they hold at each run. The first run is the first slot after now.
// Sending business data by mail needs a fresh second factor; an address outside the merchant's domains makes the
// schedule wait for a second person's approval (approve-schedule.ts) before anything is sent.
import "server-only";
import { createScheduleSchema, type CreateScheduleInput } from "@/lib/schemas/report-schedules";
import { appendAudit } from "../../../audit/audit-log";
import { reportSchedules, type ReportScheduleRow } from "../../../db/schema";
import type { ServiceContext } from "../../deps";
import { requireFreshFactor } from "../../../auth/step-up";
import { requirePermission } from "../../require-permission";
import { allowedRecipientDomains, outsideAddresses } from "./recipient-domains";
import { nextRunAfter } from "./next-run";
import { scheduleSummary } from "./schedule-access";

export async function createSchedule(ctx: ServiceContext, input: CreateScheduleInput): Promise<ReportScheduleRow> {
  requirePermission(ctx.principal, "REPORTS_VIEW");
  const { deps, principal, ip } = ctx;
  const v = createScheduleSchema.parse(input);
  const now = deps.now();
  requireFreshFactor(principal, now);
  const closing = v.report === "daily-closing";
  return deps.db.transaction(async (tx) => {
    const outside = outsideAddresses(v.recipients, await allowedRecipientDomains(tx, deps.config.reportRecipientDomains));
    const [row] = await tx
      .insert(reportSchedules)
      .values({
        ownerId: principal.userId,
        report: v.report,
        breakdown: closing ? v.breakdown : "none",
        branchId: closing ? v.branchId : null,
        currency: closing ? v.currency : null,
        frequency: v.frequency,
        timeOfDay: v.timeOfDay,
        weekday: v.weekday,
        monthDay: v.monthDay,
        recipients: v.recipients,
        outsideRecipients: outside,
        approval: outside.length ? "pending" : "not_needed",
        nextRunAt: nextRunAfter(v, deps.config.reportTimeZone, now),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await appendAudit(tx, {
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      action: "report_schedule.create",
      targetType: "report_schedule",
      targetId: row!.id,
      at: now,
      summary: { ...scheduleSummary(row!), nextRunAt: row!.nextRunAt.toISOString() },
    });
    return row!;
  });
}

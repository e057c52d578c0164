// A second person decides on a schedule whose recipients include addresses outside the merchant's domains: approve
// (those very addresses may receive it; the schedule runs from its next slot) or reject (it never runs; its owner
// deletes it or schedules again without them). The decider holds REPORTS_APPROVE, presents a fresh second factor,
// and is neither the owner nor linked to them (the four-eyes rule of held refunds: account creation in either
// direction, through any chain, or a change to the owner's account in the last FOUR_EYES_LINK_DAYS).
import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { appendAudit } from "../../../audit/audit-log";
import { requireFreshFactor } from "../../../auth/step-up";
import { reportSchedules, type ReportScheduleRow } from "../../../db/schema";
import { AppError } from "../../../errors";
import type { ServiceContext } from "../../deps";
import { fourEyesRefusal } from "../../refunds/four-eyes";
import { requirePermission } from "../../require-permission";
import { nextRunAfter } from "./next-run";
import { timingOf } from "./run-schedule";
import { scheduleSummary } from "./schedule-access";

export type ScheduleDecision = "approve" | "reject";

export async function decideSchedule(
  ctx: ServiceContext,
  input: { scheduleId: string; decision: ScheduleDecision },
): Promise<ReportScheduleRow> {
  requirePermission(ctx.principal, "REPORTS_APPROVE");
  const { deps, principal, ip } = ctx;
  const now = deps.now();
  requireFreshFactor(principal, now);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(reportSchedules)
      .where(and(eq(reportSchedules.id, input.scheduleId), isNull(reportSchedules.deletedAt)))
      .for("update");
    if (!row) throw new AppError("not_found", "schedules.notFound");
    if (row.approval !== "pending") throw new AppError("conflict", "schedules.notAwaitingApproval");
    const refusal = await fourEyesRefusal(tx, {
      approverId: principal.userId,
      requesterId: row.ownerId,
      linkDays: deps.config.refunds.fourEyesLinkDays,
      now,
      area: "schedules",
    });
    if (refusal) throw new AppError("forbidden", refusal);
    const approve = input.decision === "approve";
    const [next] = await tx
      .update(reportSchedules)
      .set({
        approval: approve ? "approved" : "rejected",
        approvalBy: principal.userId,
        approvalAt: now,
        updatedAt: now,
        // Slots that passed while it waited are not sent: it starts at its first slot after the approval.
        ...(approve ? { nextRunAt: nextRunAfter(timingOf(row), deps.config.reportTimeZone, now) } : {}),
      })
      .where(eq(reportSchedules.id, row.id))
      .returning();
    await appendAudit(tx, {
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      action: approve ? "report_schedule.approve" : "report_schedule.reject",
      targetType: "report_schedule",
      targetId: row.id,
      at: now,
      summary: { ...scheduleSummary(next!), ownerId: row.ownerId },
    });
    return next!;
  });
}

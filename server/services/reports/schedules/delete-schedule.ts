// Delete a schedule and its run history (the audit log keeps what it was and who deleted it). Mail already queued
// by a run still goes out.
import "server-only";
import { eq } from "drizzle-orm";
import { appendAudit } from "../../../audit/audit-log";
import { reportSchedules } from "../../../db/schema";
import type { ServiceContext } from "../../deps";
import { requirePermission } from "../../require-permission";
import { lockScheduleFor, scheduleSummary } from "./schedule-access";

export async function deleteSchedule(ctx: ServiceContext, input: { scheduleId: string }): Promise<void> {
  requirePermission(ctx.principal, "REPORTS_VIEW");
  const { deps, principal, ip } = ctx;
  await deps.db.transaction(async (tx) => {
    const row = await lockScheduleFor(tx, principal, input.scheduleId);
    await tx.delete(reportSchedules).where(eq(reportSchedules.id, row.id));
    await appendAudit(tx, {
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      action: "report_schedule.delete",
      targetType: "report_schedule",
      targetId: row.id,
      at: deps.now(),
      summary: { ...scheduleSummary(row), status: row.status },
    });
  });
}

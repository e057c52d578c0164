// Delete a schedule: it never runs again and leaves the page, but its row and its runs stay (soft delete), so the
// trail can always say where its reports went and who deleted it. Mail already queued by a run still goes out.
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
    const now = deps.now();
    await tx
      .update(reportSchedules)
      .set({ deletedAt: now, deletedBy: principal.userId, status: "paused", updatedAt: now })
      .where(eq(reportSchedules.id, row.id));
    await appendAudit(tx, {
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      action: "report_schedule.delete",
      targetType: "report_schedule",
      targetId: row.id,
      at: now,
      summary: { ...scheduleSummary(row), status: row.status },
    });
  });
}

// Pause and resume, shared: active ⇄ paused. The row is locked for the change, and the change and its audit row are
// one transaction. A resumed schedule runs at its first slot after the moment of resuming (slots missed while
// paused are not sent).
import { keyedMessage } from "@/lib/i18n/keyed-message";
import "server-only";
import { eq } from "drizzle-orm";
import { appendAudit } from "../../../audit/audit-log";
import { reportSchedules, type ReportScheduleRow } from "../../../db/schema";
import { AppError } from "../../../errors";
import type { ServiceContext } from "../../deps";
import { requirePermission } from "../../require-permission";
import { nextRunAfter } from "./next-run";
import { lockScheduleFor, scheduleSummary } from "./schedule-access";
import { timingOf } from "./run-schedule";

export async function changeScheduleStatus(
  ctx: ServiceContext,
  input: { scheduleId: string; change: "pause" | "resume" },
): Promise<ReportScheduleRow> {
  requirePermission(ctx.principal, "REPORTS_VIEW");
  const { deps, principal, ip } = ctx;
  return deps.db.transaction(async (tx) => {
    const row = await lockScheduleFor(tx, principal, input.scheduleId);
    const from = input.change === "pause" ? "active" : "paused";
    if (row.status !== from) {
      throw new AppError("conflict", input.change === "pause" ? "schedules.alreadyPaused" : "schedules.alreadyActive");
    }
    const now = deps.now();
    const patch =
      input.change === "pause"
        ? { status: "paused", pauseReason: keyedMessage("pausedBy", { email: principal.email }) }
        : { status: "active", pauseReason: null, nextRunAt: nextRunAfter(timingOf(row), deps.config.reportTimeZone, now) };
    const [next] = await tx
      .update(reportSchedules)
      .set({ ...patch, updatedAt: now })
      .where(eq(reportSchedules.id, row.id))
      .returning();
    await appendAudit(tx, {
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      action: input.change === "pause" ? "report_schedule.pause" : "report_schedule.resume",
      targetType: "report_schedule",
      targetId: row.id,
      at: now,
      summary: { ...scheduleSummary(row), ...(input.change === "resume" ? { nextRunAt: next!.nextRunAt.toISOString() } : {}) },
    });
    return next!;
  });
}

// Resume a paused schedule: it runs at its next slot after now (also after a pause for the owner's lost access: the
// run checks the owner's permissions again, and pauses it again if they are still missing).
import "server-only";
import type { ReportScheduleRow } from "../../../db/schema";
import type { ServiceContext } from "../../deps";
import { requireFreshFactor } from "../../../auth/step-up";
import { requirePermission } from "../../require-permission";
import { changeScheduleStatus } from "./change-schedule-status";

export async function resumeSchedule(ctx: ServiceContext, input: { scheduleId: string }): Promise<ReportScheduleRow> {
  requirePermission(ctx.principal, "REPORTS_VIEW");
  // Resuming starts business data going out by mail again: a fresh second factor, as creating one needs.
  requireFreshFactor(ctx.principal, ctx.deps.now());
  return changeScheduleStatus(ctx, { scheduleId: input.scheduleId, change: "resume" });
}

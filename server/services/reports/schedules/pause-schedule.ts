// Pause a schedule: nothing is sent until it is resumed.
import "server-only";
import type { ReportScheduleRow } from "../../../db/schema";
import type { ServiceContext } from "../../deps";
import { requirePermission } from "../../require-permission";
import { changeScheduleStatus } from "./change-schedule-status";

export async function pauseSchedule(ctx: ServiceContext, input: { scheduleId: string }): Promise<ReportScheduleRow> {
  requirePermission(ctx.principal, "REPORTS_VIEW");
  return changeScheduleStatus(ctx, { scheduleId: input.scheduleId, change: "pause" });
}

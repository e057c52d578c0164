// "Send now": run a schedule at once, through the very code of a scheduled run (the report as the schedule's
// owner, one outbox mail per recipient with the CSV, the run recorded), for the period a run now would cover
// (yesterday for a daily schedule), or for the period still running ("today so far"). Its next scheduled run
// stays as it was. A paused schedule is not sent (resume it first).
import "server-only";
import type { SendNowPeriod } from "@/lib/schemas/report-schedules-values";
import { AppError } from "../../../errors";
import { wakeMailWorker } from "../../../mail/worker";
import type { ServiceContext } from "../../deps";
import { requireFreshFactor } from "../../../auth/step-up";
import { requirePermission } from "../../require-permission";
import { lockScheduleFor } from "./schedule-access";
import { runScheduleInTx, type RunOutcome, type RunReportFn } from "./run-schedule";

export async function sendScheduleNow(
  ctx: ServiceContext,
  input: { scheduleId: string; period?: SendNowPeriod },
  opts: { runReport?: RunReportFn } = {},
): Promise<RunOutcome> {
  requirePermission(ctx.principal, "REPORTS_VIEW");
  const { deps, principal, ip } = ctx;
  // Mailing business data out at once: a fresh second factor, as for any sensitive action.
  requireFreshFactor(principal, deps.now());
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await lockScheduleFor(tx, principal, input.scheduleId);
    if (row.status !== "active") throw new AppError("conflict", "schedules.pausedResumeFirst");
    if (row.approval === "pending") throw new AppError("conflict", "schedules.awaitingApproval");
    if (row.approval === "rejected") throw new AppError("conflict", "schedules.rejected");
    return runScheduleInTx(
      deps,
      tx,
      {
        schedule: row,
        trigger: "send_now",
        slot: null,
        actor: { id: principal.userId, email: principal.email },
        ip,
        period: input.period ?? "previous",
      },
      opts,
    );
  });
  if (outcome.mailIds.length) wakeMailWorker();
  return outcome;
}

// One pass of the report scheduler. Several app instances may run passes at once; each slot of each schedule is
// run exactly once, so every recipient gets one mail per run:
//  - a due schedule is claimed with SELECT … FOR UPDATE SKIP LOCKED (a concurrent pass skips it), one at a time;
//  - in that same transaction the run is made (run-schedule.ts: the report as its owner, one outbox mail per
//    recipient, the run row, next_run_at moved past the slot, the audit row), and only then does it commit; a pass
//    that crashes before the commit leaves nothing behind, and the slot is claimed again by the next pass;
//  - report_runs is unique per (schedule, slot): a slot that was somehow claimed twice fails to commit the second
//    time instead of mailing twice.
// A scheduler that was down runs each schedule once, for its latest due slot (not once per missed slot).
// The mails go out through the outbox worker, woken after each commit.
import "server-only";
import { and, asc, eq, inArray, isNull, lte } from "drizzle-orm";
import { reportSchedules } from "../../../db/schema";
import { logger as defaultLogger, type Logger } from "../../../log/logger";
import { wakeMailWorker } from "../../../mail/worker";
import type { ServiceDeps } from "../../deps";
import { latestDueSlot } from "./next-run";
import { REPORT_SCHEDULER_ACTOR, runScheduleInTx, timingOf, type RunOutcome, type RunReportFn } from "./run-schedule";

export interface ScheduleRunReport {
  runs: Array<{ scheduleId: string } & RunOutcome>;
  errors: Array<{ scheduleId: string | null; message: string }>;
}

export interface RunDueSchedulesOptions {
  /** At most this many runs per pass (the rest wait for the next pass). */
  limit?: number;
  logger?: Logger;
  runReport?: RunReportFn;
}

export async function runDueSchedules(deps: ServiceDeps, opts: RunDueSchedulesOptions = {}): Promise<ScheduleRunReport> {
  const limit = opts.limit ?? 50;
  const log = opts.logger ?? defaultLogger;
  const report: ScheduleRunReport = { runs: [], errors: [] };
  for (let i = 0; i < limit; i++) {
    let claimedId: string | null = null;
    try {
      const outcome = await deps.db.transaction(async (tx) => {
        const now = deps.now();
        const [schedule] = await tx
          .select()
          .from(reportSchedules)
          .where(
            and(
              eq(reportSchedules.status, "active"),
              // A schedule waiting for (or refused) approval of outside addresses, or deleted, never runs.
              inArray(reportSchedules.approval, ["not_needed", "approved"]),
              isNull(reportSchedules.deletedAt),
              lte(reportSchedules.nextRunAt, now),
            ),
          )
          .orderBy(asc(reportSchedules.nextRunAt), asc(reportSchedules.id))
          .limit(1)
          .for("update", { skipLocked: true });
        if (!schedule) return null;
        claimedId = schedule.id;
        const slot = latestDueSlot(timingOf(schedule), deps.config.reportTimeZone, schedule.nextRunAt, now);
        const run = await runScheduleInTx(
          deps,
          tx,
          { schedule, trigger: "schedule", slot, actor: REPORT_SCHEDULER_ACTOR, ip: null },
          { runReport: opts.runReport, log },
        );
        return { scheduleId: schedule.id, ...run };
      });
      if (!outcome) break;
      report.runs.push(outcome);
      if (outcome.mailIds.length) wakeMailWorker();
    } catch (e) {
      // The transaction rolled back: nothing was queued and the schedule is still due. Stop this pass (the same
      // schedule would be claimed again at once); the next pass tries again.
      const message = e instanceof Error ? e.message : String(e);
      report.errors.push({ scheduleId: claimedId, message });
      log.error("report_schedules.run_failed", { scheduleId: claimedId, error: message });
      break;
    }
  }
  return report;
}

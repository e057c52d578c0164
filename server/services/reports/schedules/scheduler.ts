// The report scheduler of one process: a pass (run-due-schedules.ts) every REPORT_SCHEDULER_INTERVAL_SECONDS,
// never two at once in one process; across app instances the row claims (FOR UPDATE SKIP LOCKED) keep each run to
// one pass. Started once per process from app-deps (ensureReportSchedulerStarted), not during `next build`;
// 0 disables it.
import "server-only";
import { logger as defaultLogger, type Logger } from "../../../log/logger";
import type { ServiceDeps } from "../../deps";
import { startPeriodic, type PeriodicHandle } from "../../periodic";
import { runDueSchedules, type ScheduleRunReport } from "./run-due-schedules";

export type ReportSchedulerHandle = PeriodicHandle<ScheduleRunReport>;

export function startReportScheduler(deps: ServiceDeps, intervalMs: number, log: Logger = defaultLogger): ReportSchedulerHandle {
  return startPeriodic({
    name: "report_schedules",
    intervalMs,
    run: () => runDueSchedules(deps, { logger: log }),
    report: (r) => {
      if (r.runs.length || r.errors.length) {
        log.info("report_schedules.pass", {
          sent: r.runs.filter((x) => x.result === "sent").length,
          failed: r.runs.filter((x) => x.result === "failed").length,
          errors: r.errors.length,
        });
      }
    },
    log,
  });
}

const globalKey = Symbol.for("merchant-dashboard.report-scheduler");
type Holder = { [globalKey]?: { handle: ReportSchedulerHandle | null } };

/** Start the process's report scheduler once (later calls do nothing). Interval: config.reportSchedulerIntervalMs. */
export function ensureReportSchedulerStarted(deps: ServiceDeps): void {
  const holder = globalThis as Holder;
  if (holder[globalKey] || process.env.NEXT_PHASE === "phase-production-build") return;
  const slot: { handle: ReportSchedulerHandle | null } = { handle: null };
  holder[globalKey] = slot;
  if (deps.config.reportSchedulerIntervalMs > 0) slot.handle = startReportScheduler(deps, deps.config.reportSchedulerIntervalMs);
}

export async function stopReportScheduler(): Promise<void> {
  const holder = globalThis as Holder;
  const slot = holder[globalKey];
  delete holder[globalKey];
  await slot?.handle?.stop();
}

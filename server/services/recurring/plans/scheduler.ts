// The billing-plan scheduler of one process: a pass (run-due-plans.ts) every PLAN_SCHEDULER_INTERVAL_SECONDS,
// never two at once in one process; across app instances the row claims (FOR UPDATE SKIP LOCKED) keep each
// attempt to one pass. Started once per process from app-deps (ensurePlanSchedulerStarted), not during
// `next build`; 0 disables it.
import "server-only";
import { logger as defaultLogger, type Logger } from "../../../log/logger";
import type { ServiceDeps } from "../../deps";
import { startPeriodic, type PeriodicHandle } from "../../periodic";
import { runDuePlans, type PlanRunReport } from "./run-due-plans";

export type PlanSchedulerHandle = PeriodicHandle<PlanRunReport>;

export function startPlanScheduler(deps: ServiceDeps, intervalMs: number, log: Logger = defaultLogger): PlanSchedulerHandle {
  return startPeriodic({
    name: "plans",
    intervalMs,
    run: () => runDuePlans(deps, { logger: log }),
    report: (report) => {
      if (report.charged.length || report.settled.length || report.errors.length || report.ended.length) {
        log.info("plans.pass", {
          charged: report.charged.length,
          settled: report.settled.length,
          errors: report.errors.length,
          ended: report.ended.length,
        });
      }
    },
    log,
  });
}

const globalKey = Symbol.for("merchant-dashboard.plan-scheduler");
type Holder = { [globalKey]?: { handle: PlanSchedulerHandle | null } };

/** Start the process's plan scheduler once (later calls do nothing). Interval: config.plans.schedulerIntervalMs. */
export function ensurePlanSchedulerStarted(deps: ServiceDeps): void {
  const holder = globalThis as Holder;
  if (holder[globalKey] || process.env.NEXT_PHASE === "phase-production-build") return;
  const slot: { handle: PlanSchedulerHandle | null } = { handle: null };
  holder[globalKey] = slot;
  if (deps.config.plans.schedulerIntervalMs > 0) slot.handle = startPlanScheduler(deps, deps.config.plans.schedulerIntervalMs);
}

export async function stopPlanScheduler(): Promise<void> {
  const holder = globalThis as Holder;
  const slot = holder[globalKey];
  delete holder[globalKey];
  await slot?.handle?.stop();
}

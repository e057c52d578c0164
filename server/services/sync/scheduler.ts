// The background reconciler: a pass (reconcile.ts) every RECONCILE_INTERVAL_SECONDS, never two at once in one
// process; across app instances each row is claimed by one pass (FOR UPDATE SKIP LOCKED + stamp), so several
// instances can all run it. Started once per process from app-deps (ensureReconcilerStarted); 0 disables it.
import "server-only";
import { logger as defaultLogger } from "../../log/logger";
import type { ServiceDeps } from "../deps";
import { startPeriodic, type PeriodicHandle } from "../periodic";
import { reconcileOnce, type ReconcileOptions, type ReconcileReport } from "./reconcile";

export type ReconcilerHandle = PeriodicHandle<ReconcileReport>;

/** First pass soon after start, so that notifications left by a process that died are not kept waiting. */
const FIRST_PASS_MAX_DELAY_MS = 5_000;

export function startReconciler(deps: ServiceDeps, intervalMs: number, opts: ReconcileOptions = {}): ReconcilerHandle {
  const log = opts.logger ?? defaultLogger;
  return startPeriodic({
    name: "reconcile",
    intervalMs,
    firstDelayMs: Math.min(intervalMs, FIRST_PASS_MAX_DELAY_MS),
    run: () => reconcileOnce(deps, opts),
    report: (report) => {
      if (report.notifications.length || report.payments.length) {
        log.info("reconcile.pass", {
          notifications: report.notifications.length,
          payments: report.payments.length,
          changed: report.payments.filter((p) => p.changed).length,
          gatewayDown: report.gatewayDown,
        });
      }
    },
    log,
  });
}

const globalKey = Symbol.for("merchant-dashboard.reconciler");
type Holder = { [globalKey]?: { handle: ReconcilerHandle | null } };

/**
 * Start the process's reconciler once (later calls do nothing), with the deps it is given: app-deps.ts passes the
 * app's own, so this module never imports app-deps (no import cycle). Interval: config.reconcileIntervalMs; 0
 * disables it.
 */
export function ensureReconcilerStarted(deps: ServiceDeps): void {
  const holder = globalThis as Holder;
  if (holder[globalKey] || process.env.NEXT_PHASE === "phase-production-build") return;
  const slot: { handle: ReconcilerHandle | null } = { handle: null };
  holder[globalKey] = slot;
  if (deps.config.reconcileIntervalMs > 0) slot.handle = startReconciler(deps, deps.config.reconcileIntervalMs);
}

/** Stop a reconciler (default: the process's one, started by ensureReconcilerStarted). */
export async function stopReconciler(handle?: ReconcilerHandle): Promise<void> {
  if (handle) return handle.stop();
  const holder = globalThis as Holder;
  const slot = holder[globalKey];
  delete holder[globalKey];
  await slot?.handle?.stop();
}

// The outbox worker of one process: a delivery pass (deliver.ts) every MAIL_WORKER_INTERVAL_SECONDS, and at once
// when woken by wakeMailWorker() right after a transaction that queued mail commits (so an invitation arrives in a
// second or two, not at the next tick). Never two passes at once in one process; across app instances the row
// claims (FOR UPDATE SKIP LOCKED + lock) keep each mail to one sender. Started once per process from app-deps,
// not during `next build`; an interval of 0 disables it (nothing is sent).
import "server-only";
import { logger as defaultLogger, type Logger } from "../log/logger";
import type { ServiceDeps } from "../services/deps";
import { startPeriodic, type PeriodicHandle } from "../services/periodic";
import { createMailTransport, deliverDueMail, type DeliveryReport, type MailDeliveryOptions } from "./deliver";

export interface MailWorkerHandle extends PeriodicHandle<DeliveryReport> {
  /** Run a pass now; when one is running, run one more right after it (it may have claimed before the commit). */
  wake(): void;
}

export function startMailWorker(
  deps: Pick<ServiceDeps, "db" | "config" | "now">,
  intervalMs: number,
  opts: Partial<MailDeliveryOptions> & { log?: Logger } = {},
): MailWorkerHandle {
  const log = opts.log ?? defaultLogger;
  const delivery: MailDeliveryOptions = { ...opts, transport: opts.transport ?? createMailTransport(deps.config.mail.smtpUrl), log };
  let again = false;
  const handle = startPeriodic<DeliveryReport>({
    name: "mail",
    intervalMs,
    firstDelayMs: Math.min(intervalMs, 1_000), // mail left by a stopped process goes out soon after start
    async run() {
      const total: DeliveryReport = { sent: [], retried: [], failed: [] };
      do {
        again = false;
        const r = await deliverDueMail(deps, delivery);
        total.sent.push(...r.sent);
        total.retried.push(...r.retried);
        total.failed.push(...r.failed);
      } while (again);
      return total;
    },
    report: (r) => {
      if (r.sent.length || r.retried.length || r.failed.length)
        log.info("mail.pass", { sent: r.sent.length, retried: r.retried.length, failed: r.failed.length });
    },
    log,
  });
  return {
    ...handle,
    wake() {
      again = true;
      void handle.runNow();
    },
  };
}

const globalKey = Symbol.for("merchant-dashboard.mail-worker");
type Holder = { [globalKey]?: { handle: MailWorkerHandle | null } };

/** Start the process's outbox worker once (later calls do nothing). Interval: config.mail.workerIntervalMs. */
export function ensureMailWorkerStarted(deps: ServiceDeps): void {
  const holder = globalThis as Holder;
  if (holder[globalKey] || process.env.NEXT_PHASE === "phase-production-build") return;
  const slot: { handle: MailWorkerHandle | null } = { handle: null };
  holder[globalKey] = slot;
  if (deps.config.mail.workerIntervalMs > 0) slot.handle = startMailWorker(deps, deps.config.mail.workerIntervalMs);
}

/**
 * Call right after a transaction that queued mail (enqueueMail) has committed: the process's worker sends it now.
 * Does nothing when no worker runs (tests, scripts): the mail waits in the outbox for the next worker.
 */
export function wakeMailWorker(): void {
  (globalThis as Holder)[globalKey]?.handle?.wake();
}

export async function stopMailWorker(): Promise<void> {
  const holder = globalThis as Holder;
  const slot = holder[globalKey];
  delete holder[globalKey];
  await slot?.handle?.stop();
}

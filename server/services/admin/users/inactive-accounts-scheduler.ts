// The inactivity worker of one process (PCI DSS 8.2.6): a pass (inactive-accounts.ts) once a day, the first some
// minutes after start (not at boot, among the migrations and the other workers' catch-up). Every instance runs
// one; the pass's row claims disable each account once across instances. Started once per process from app-deps
// (ensureInactiveAccountsStarted), not during `next build`; stopped with the other workers. Its metric is the
// periodic job's, under the name `inactive_accounts`.
import "server-only";
import { logger as defaultLogger, type Logger } from "../../../log/logger";
import { wakeMailWorker } from "../../../mail/worker";
import { startPeriodic, type PeriodicHandle } from "../../periodic";
import { disableInactiveAccounts, type InactivityDeps, type InactivityReport } from "./inactive-accounts";

export type InactiveAccountsHandle = PeriodicHandle<InactivityReport>;

const DAY_MS = 86_400_000;
const FIRST_PASS_DELAY_MS = 10 * 60_000;

export function startInactiveAccounts(
  deps: InactivityDeps,
  opts: { intervalMs?: number; firstDelayMs?: number; logger?: Logger } = {},
): InactiveAccountsHandle {
  const log = opts.logger ?? defaultLogger;
  return startPeriodic<InactivityReport>({
    name: "inactive_accounts",
    intervalMs: opts.intervalMs ?? DAY_MS,
    firstDelayMs: opts.firstDelayMs ?? FIRST_PASS_DELAY_MS,
    async run() {
      const report = await disableInactiveAccounts(deps);
      if (report.mails) wakeMailWorker(); // committed: the notices go out now
      return report;
    },
    report(r) {
      for (const k of r.kept)
        log.warn("inactive_accounts.last_super_admin_kept", {
          userId: k.userId,
          lastUsedAt: k.lastUsedAt.toISOString(),
          message: "The last active super-admin is unused past INACTIVE_ACCOUNT_DAYS but is kept so that someone can administer users.",
        });
      if (r.disabled.length)
        log.info("inactive_accounts.pass", {
          disabled: r.disabled.length,
          userIds: r.disabled.map((d) => d.userId),
          cutoff: r.cutoff.toISOString(),
        });
    },
    log,
  });
}

const globalKey = Symbol.for("merchant-dashboard.inactive-accounts");
type Holder = { [globalKey]?: InactiveAccountsHandle };

/** Start the process's inactivity worker once (later calls do nothing). */
export function ensureInactiveAccountsStarted(deps: InactivityDeps): void {
  const holder = globalThis as Holder;
  if (holder[globalKey] || process.env.NEXT_PHASE === "phase-production-build") return;
  holder[globalKey] = startInactiveAccounts(deps);
}

/** Stop the process's inactivity worker, waiting for a pass under way. */
export async function stopInactiveAccounts(): Promise<void> {
  const holder = globalThis as Holder;
  const handle = holder[globalKey];
  delete holder[globalKey];
  await handle?.stop();
}

// The retention worker of one process: a pass (purge.ts) once a day, the first a few minutes after start (not at
// boot, when the instance has requests, migrations and the other workers' catch-up to attend to first). Every
// instance runs one; the pass's advisory lock lets one purge at a time. Started once per process from app-deps
// (ensureRetentionStarted), not during `next build`; stopped with the other workers, between two batches.
import "server-only";
import { logger as defaultLogger, type Logger } from "../../log/logger";
import { startPeriodic, type PeriodicHandle } from "../periodic";
import { noDeletions, purgeOnce, RetentionPassError, type PurgeOptions, type RetentionDeps, type RetentionReport } from "./purge";
import { recordRetentionPass } from "./state";

export type RetentionHandle = PeriodicHandle<RetentionReport>;

const DAY_MS = 86_400_000;
const FIRST_PASS_DELAY_MS = 5 * 60_000;

export interface RetentionWorkerOptions {
  databaseKind: PurgeOptions["databaseKind"];
  intervalMs?: number;
  firstDelayMs?: number;
  batchSize?: number;
  logger?: Logger;
}

export function startRetention(deps: RetentionDeps, opts: RetentionWorkerOptions): RetentionHandle {
  const log = opts.logger ?? defaultLogger;
  let stopping = false;
  const handle = startPeriodic<RetentionReport>({
    name: "retention",
    intervalMs: opts.intervalMs ?? DAY_MS,
    firstDelayMs: opts.firstDelayMs ?? FIRST_PASS_DELAY_MS,
    async run() {
      try {
        const report = await purgeOnce(deps, { databaseKind: opts.databaseKind, batchSize: opts.batchSize, shouldStop: () => stopping });
        recordRetentionPass({ ...stateOf(report), ok: true, error: null });
        return report;
      } catch (e) {
        // The helper logs retention.pass_failed; what the pass deleted before failing is in its audit row and here.
        const partial = e instanceof RetentionPassError ? e.report : null;
        const now = deps.now();
        const nothing = {
          startedAt: now,
          finishedAt: now,
          durationMs: 0,
          skipped: false,
          interrupted: false,
          deleted: noDeletions(),
          total: 0,
        };
        recordRetentionPass({ ...(partial ? stateOf(partial) : nothing), ok: false, error: e instanceof Error ? e.message : String(e) });
        throw e;
      }
    },
    report(r) {
      log.info("retention.pass", {
        deleted: r.deleted,
        total: r.total,
        statements: r.statements,
        durationMs: r.durationMs,
        skipped: r.skipped,
        ...(r.interrupted ? { interrupted: true } : {}),
      });
    },
    log,
  });
  return {
    runNow: handle.runNow,
    async stop() {
      stopping = true;
      await handle.stop();
    },
  };
}

function stateOf(r: RetentionReport) {
  return {
    startedAt: r.startedAt,
    finishedAt: new Date(r.startedAt.getTime() + r.durationMs),
    durationMs: r.durationMs,
    skipped: r.skipped,
    interrupted: r.interrupted,
    deleted: r.deleted,
    total: r.total,
  };
}

const globalKey = Symbol.for("merchant-dashboard.retention");
type Holder = { [globalKey]?: { handle: RetentionHandle | null } };

/**
 * Start the process's retention worker once (later calls do nothing), with the app's deps and the kind of its
 * database (PostgreSQL takes the advisory lock; the embedded database is one process's).
 */
export function ensureRetentionStarted(deps: RetentionDeps, databaseKind: PurgeOptions["databaseKind"]): void {
  const holder = globalThis as Holder;
  if (holder[globalKey] || process.env.NEXT_PHASE === "phase-production-build") return;
  holder[globalKey] = { handle: startRetention(deps, { databaseKind }) };
}

/** Stop the process's retention worker: a pass under way ends after its current batch. */
export async function stopRetention(): Promise<void> {
  const holder = globalThis as Holder;
  const slot = holder[globalKey];
  delete holder[globalKey];
  await slot?.handle?.stop();
}

// One retention pass: every rule of rules.ts in turn, each in batches (one short DELETE per batch, committed on its
// own, so that a year of backlog never holds one long lock or one huge transaction), until a batch deletes fewer
// rows than the batch size. One audit row per pass that deleted anything, with each rule's count and cutoff.
//
// Several instances: on PostgreSQL a pass first takes a transaction-scoped advisory lock on a connection of its
// own and holds it while the batches run on the pool's other connections; an instance that finds the lock taken
// skips its pass (the one holding it is doing the work). The embedded database is one process's: no lock needed.
// No `import "server-only"`: `npm run db:purge` runs a pass from a script; it holds no secret.
import { sql } from "drizzle-orm";
import type { RetentionConfig } from "../../config";
import { appendAuditNow } from "../../audit/audit-log";
import type { Db } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { RETENTION_RULES, RULE_NAMES, type RetentionRuleName, type RuleCursor } from "./rules";

/** Rows per DELETE: small enough for a statement of well under a second, large enough for a backlog to drain. */
export const RETENTION_BATCH_SIZE = 5_000;
/** pg_try_advisory_xact_lock key of the pass: any fixed number unused elsewhere in this schema. */
export const RETENTION_LOCK_KEY = 7_135_201_104_031n;
const DAY_MS = 86_400_000;

export interface RetentionDeps {
  db: Db;
  config: { retention: RetentionConfig };
  now: () => Date;
}

export interface PurgeOptions {
  /** "postgres": several processes may share the database, take the advisory lock; "pglite": one process. */
  databaseKind: "pglite" | "postgres";
  batchSize?: number;
  /** Asked between batches: true ends the pass early (a stopping process), the rest is left for the next one. */
  shouldStop?: () => boolean;
}

export type RetentionCounts = Record<RetentionRuleName, number>;

export interface RetentionReport {
  startedAt: Date;
  durationMs: number;
  /** Another instance held the lock: this pass deleted nothing and wrote nothing. */
  skipped: boolean;
  /** Ended early by shouldStop(); the counts are what was deleted until then. */
  interrupted: boolean;
  deleted: RetentionCounts;
  total: number;
  /** DELETE statements sent. */
  statements: number;
  /** Per rule, the moment before which its rows went (ISO). */
  cutoffs: Record<RetentionRuleName, string>;
  /** The pass's audit row (null when nothing was deleted or the pass was skipped). */
  auditId: number | null;
}

/** A pass that failed after deleting some rows: the error, and what it had deleted (audited all the same). */
export class RetentionPassError extends Error {
  override name = "RetentionPassError";
  constructor(
    cause: unknown,
    readonly report: RetentionReport,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

type Cutoffs = Record<keyof RetentionConfig, Date>;

/** Per setting, the moment before which its rows go: `now` less its number of days. */
export function retentionCutoffs(retention: RetentionConfig, now: Date): Cutoffs {
  const entries = Object.entries(retention) as Array<[keyof RetentionConfig, number]>;
  return Object.fromEntries(entries.map(([k, days]) => [k, new Date(now.getTime() - days * DAY_MS)])) as Cutoffs;
}

/** Every rule at 0. */
export const noDeletions = (): RetentionCounts => Object.fromEntries(RULE_NAMES.map((n) => [n, 0])) as RetentionCounts;

/** Run `fn` while holding the pass's lock; null when another instance holds it. */
async function exclusively<T>(db: Db, kind: PurgeOptions["databaseKind"], fn: () => Promise<T>): Promise<T | null> {
  if (kind === "pglite") return fn();
  return db.transaction(
    async (guard) => {
      // The guard waits, idle, while the batches run elsewhere: a server-wide idle timeout must not end it mid-pass.
      await guard.execute(sql`set local idle_in_transaction_session_timeout = 0`);
      const [row] = rawRows<{ locked: boolean }>(
        await guard.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY.toString()}::bigint) as locked`),
      );
      return row?.locked ? fn() : null;
    },
    // Read committed whatever the server's default, so that the idle guard holds no snapshot (nor back vacuum).
    { isolationLevel: "read committed" },
  );
}

export async function purgeOnce(deps: RetentionDeps, opts: PurgeOptions): Promise<RetentionReport> {
  const startedAt = deps.now();
  const t0 = performance.now();
  const limit = opts.batchSize ?? RETENTION_BATCH_SIZE;
  const cutoffs = retentionCutoffs(deps.config.retention, startedAt);
  const report: RetentionReport = {
    startedAt,
    durationMs: 0,
    skipped: false,
    interrupted: false,
    deleted: noDeletions(),
    total: 0,
    statements: 0,
    cutoffs: Object.fromEntries(RETENTION_RULES.map((r) => [r.name, cutoffs[r.period].toISOString()])) as RetentionReport["cutoffs"],
    auditId: null,
  };

  const purgeAll = async () => {
    for (const rule of RETENTION_RULES) {
      const cursor: RuleCursor = { afterMs: null };
      for (;;) {
        if (opts.shouldStop?.()) {
          report.interrupted = true;
          return;
        }
        const n = await rule.deleteBatch(deps.db, cutoffs[rule.period], limit, cursor);
        report.statements += 1;
        report.deleted[rule.name] += n;
        report.total += n;
        if (n < limit) break;
      }
    }
  };

  let failure: unknown = null;
  try {
    const ran = await exclusively(deps.db, opts.databaseKind, async () => {
      await purgeAll();
      return true;
    });
    report.skipped = ran === null;
  } catch (e) {
    failure = e;
  }
  // What was deleted is audited even when the pass failed or was stopped part-way: the rows are gone either way.
  if (report.total > 0) {
    const audited = appendAuditNow(deps.db, {
      // No actor: the audit page shows such a row as done by the system, in the reader's language.
      actorId: null,
      actorEmail: null,
      ip: null,
      action: "retention.purge",
      targetType: "retention",
      targetId: null,
      at: deps.now(),
      summary: {
        deleted: report.deleted,
        total: report.total,
        cutoffs: report.cutoffs,
        days: { ...deps.config.retention },
        statements: report.statements,
        batchSize: limit,
        ...(report.interrupted ? { interrupted: true } : {}),
        ...(failure ? { error: failure instanceof Error ? failure.message : String(failure) } : {}),
      },
    });
    // A failed audit write fails the pass (after the rows went: the log and lastRetentionPass() still say so).
    report.auditId = await audited.then(
      (row) => row.id,
      (e: unknown) => {
        failure ??= e;
        return null;
      },
    );
  }
  report.durationMs = Math.round(performance.now() - t0);
  if (failure) throw new RetentionPassError(failure, report);
  return report;
}

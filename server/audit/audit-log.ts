// Writing and verifying the audit log. `appendAudit` runs inside the caller's transaction, so the row is written
// if and only if the action it records is; a transaction-scoped advisory lock serialises appends so that two
// concurrent writers never chain onto the same previous row.
import { asc, desc, gt, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { auditLog, type AuditRow } from "../db/schema";
import { redact } from "../log/redact";
import { auditHash, auditMac, GENESIS_HASH, type AuditContent } from "./chain";
import { activeChainKeyring, type ChainKeyring } from "./chain-keys";

/** Arbitrary constant naming the audit-append lock (pg_advisory_xact_lock takes a bigint). */
const AUDIT_LOCK_KEY = 727_274_001;

export interface AuditEntry {
  actorId?: string | null;
  actorEmail?: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  ip?: string | null;
  /** A short description of the request: redacted here again (no card data, no secrets). */
  summary?: Record<string, unknown>;
  at?: Date;
}

export async function appendAudit(tx: Tx | Db, entry: AuditEntry): Promise<AuditRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`);
  const [last] = await tx.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  const prevHash = last?.hash ?? GENESIS_HASH;
  // Stored timestamps have microsecond precision; JS dates have milliseconds, so the value round-trips exactly.
  const content: AuditContent = {
    at: entry.at ?? new Date(),
    actorId: entry.actorId ?? null,
    actorEmail: entry.actorEmail ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    ip: entry.ip ?? null,
    summary: redact(entry.summary ?? {}),
  };
  const { current } = activeChainKeyring();
  const hash = auditMac(current.macKey, current.id, prevHash, content);
  const [row] = await tx
    .insert(auditLog)
    .values({ ...content, summary: content.summary as object, prevHash, hash, keyId: current.id })
    .returning();
  return row!;
}

/** Append in a transaction of its own (for events that are not part of a larger write, e.g. a failed sign-in). */
export function appendAuditNow(db: Db, entry: AuditEntry): Promise<AuditRow> {
  return db.transaction((tx) => appendAudit(tx, entry));
}

/** Why a row does not verify. */
export type ChainBreak =
  /** The row's content no longer gives its MAC: the row was changed. */
  | "hash_mismatch"
  /** The row does not point at the row before it: a row was removed or inserted. */
  | "link_mismatch"
  /** Made with a chain key this process does not hold (AUDIT_CHAIN_PREVIOUS_KEYS lacks it). */
  | "unknown_key"
  /** An unkeyed (plain SHA-256) row after a keyed one: a rewrite re-chained without the key. */
  | "unkeyed_after_keyed";

export type ChainReport = { ok: true; checked: number } | { ok: false; checked: number; brokenAt: number; reason: ChainBreak };

/** Where a walk starts: from the first row, or just after a verified row (a checkpoint). */
export interface WalkStart {
  afterId: number;
  prevHash: string;
  /** Rows before the start (counted in `checked`). */
  count: number;
  /** Whether a keyed row came before the start: unkeyed rows may only come first. */
  keyedSeen: boolean;
}

export const CHAIN_START: WalkStart = { afterId: 0, prevHash: GENESIS_HASH, count: 0, keyedSeen: false };

export interface WalkResult {
  report: ChainReport;
  /** The last row that verified (null when none did). */
  last: { id: number; hash: string } | null;
}

/**
 * Walk the chain in id order, in batches, from `start`, and stop at the first row whose link or MAC does not hold.
 * `onRow` sees each verified row with the running count (the anchors' counts are checked through it).
 */
export async function walkAuditChain(
  db: Db,
  opts: { start?: WalkStart; batchSize?: number; ring?: ChainKeyring; onRow?: (row: AuditRow, count: number) => ChainBreak | null } = {},
): Promise<WalkResult> {
  const start = opts.start ?? CHAIN_START;
  const ring = opts.ring ?? activeChainKeyring();
  const batchSize = opts.batchSize ?? 1_000;
  let { prevHash, keyedSeen } = start;
  let lastId = start.afterId;
  let checked = start.count;
  let last: WalkResult["last"] = start.afterId > 0 ? { id: start.afterId, hash: start.prevHash } : null;
  const broken = (row: AuditRow, reason: ChainBreak): WalkResult => ({ report: { ok: false, checked, brokenAt: row.id, reason }, last });
  for (;;) {
    const rows = await db.select().from(auditLog).where(gt(auditLog.id, lastId)).orderBy(asc(auditLog.id)).limit(batchSize);
    if (rows.length === 0) return { report: { ok: true, checked }, last };
    for (const row of rows) {
      if (row.prevHash !== prevHash) return broken(row, "link_mismatch");
      let expected: string;
      if (row.keyId === null) {
        if (keyedSeen) return broken(row, "unkeyed_after_keyed");
        expected = auditHash(prevHash, row);
      } else {
        const key = ring.byId.get(row.keyId);
        if (!key) return broken(row, "unknown_key");
        expected = auditMac(key.macKey, key.id, prevHash, row);
        keyedSeen = true;
      }
      if (expected !== row.hash) return broken(row, "hash_mismatch");
      checked++;
      const problem = opts.onRow?.(row, checked);
      if (problem) return broken(row, problem);
      prevHash = row.hash;
      lastId = row.id;
      last = { id: row.id, hash: row.hash };
    }
  }
}

/** Walk the whole chain from its first row (every caller that must know the log is intact end to end). */
export async function verifyAuditChain(db: Db, batchSize = 1_000): Promise<ChainReport> {
  return (await walkAuditChain(db, { batchSize })).report;
}

// Writing and verifying the audit log. `appendAudit` runs inside the caller's transaction, so the row is written
// if and only if the action it records is; a transaction-scoped advisory lock serialises appends so that two
// concurrent writers never chain onto the same previous row.
import { asc, desc, gt, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { auditLog, type AuditRow } from "../db/schema";
import { redact } from "../log/redact";
import { auditHash, GENESIS_HASH, type AuditContent } from "./chain";

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
  const hash = auditHash(prevHash, content);
  const [row] = await tx
    .insert(auditLog)
    .values({ ...content, summary: content.summary as object, prevHash, hash })
    .returning();
  return row!;
}

/** Append in a transaction of its own (for events that are not part of a larger write, e.g. a failed sign-in). */
export function appendAuditNow(db: Db, entry: AuditEntry): Promise<AuditRow> {
  return db.transaction((tx) => appendAudit(tx, entry));
}

export type ChainReport =
  { ok: true; checked: number } | { ok: false; checked: number; brokenAt: number; reason: "hash_mismatch" | "link_mismatch" };

/** Walk the chain in id order, in batches, and report the first row whose link or hash does not hold. */
export async function verifyAuditChain(db: Db, batchSize = 1_000): Promise<ChainReport> {
  let prevHash = GENESIS_HASH;
  let lastId = 0;
  let checked = 0;
  for (;;) {
    const rows = await db.select().from(auditLog).where(gt(auditLog.id, lastId)).orderBy(asc(auditLog.id)).limit(batchSize);
    if (rows.length === 0) return { ok: true, checked };
    for (const row of rows) {
      if (row.prevHash !== prevHash) return { ok: false, checked, brokenAt: row.id, reason: "link_mismatch" };
      const expected = auditHash(prevHash, row);
      if (expected !== row.hash) return { ok: false, checked, brokenAt: row.id, reason: "hash_mismatch" };
      prevHash = row.hash;
      lastId = row.id;
      checked++;
    }
  }
}

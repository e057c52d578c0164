// Verifying the audit trail as a whole: the chain, from the newest signed checkpoint (or from its first row), and
// the published anchors, which the database role cannot rewrite. The chain alone finds a changed or removed row;
// the anchors also find the newest rows deleted (truncation) and a rewrite whose checkpoints were deleted with it.
//
// The incremental check (the audit page) walks only the rows after the newest checkpoint and compares the newest
// anchor, so its cost does not grow with the log; the anchoring pass walks the whole chain and every anchor once a
// day and checkpoints what it verified. A row rewritten before the newest checkpoint is therefore found by the next
// full pass, not by the page.
// No `import "server-only"`: the benchmark runs it.
import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { auditCheckpoints, auditLog, type AuditRow } from "../db/schema";
import { CHAIN_START, walkAuditChain, type ChainBreak, type WalkStart } from "./audit-log";
import { checkAnchor, checkCheckpoint, readAnchors, readRecentAnchors, type Anchor, type ChainHead } from "./anchors";
import { activeChainKeyring, type ChainKeyring } from "./chain-keys";

export type TrailProblem =
  | ChainBreak
  /** A checkpoint in the database is not signed by the chain key: written by someone without it. */
  | "checkpoint_forged"
  /** The row a signed checkpoint names is gone or no longer has the MAC the checkpoint recorded. */
  | "checkpoint_mismatch"
  /** A line of the anchor file is not an anchor signed by the chain key. */
  | "anchor_forged"
  /** The row a published anchor names is gone or no longer has the MAC (or the position) the anchor recorded. */
  | "anchor_mismatch"
  /** A published anchor names rows past the end of the chain: the newest rows were deleted. */
  | "truncated";

export interface TrailReport {
  ok: boolean;
  /** Rows verified: the checkpoint's count plus the rows walked now. */
  rows: number;
  /** Rows walked in this check. */
  walked: number;
  /** Where the walk started. */
  from: { kind: "start" } | { kind: "checkpoint"; at: Date; throughId: number };
  /** When a pass last walked the whole chain (a signed full checkpoint); null when none has yet. */
  lastFullAt: Date | null;
  /** The newest anchor compared with the chain (null: none published yet, or none signed by a key held here). */
  anchor: { at: Date; lastId: number; count: number } | null;
  anchorsChecked: number;
  /** The chain's head as verified (null for an empty log or when the check failed). */
  head: ChainHead | null;
  problem: { reason: TrailProblem; at: number | null } | null;
}

export interface TrailOptions {
  anchorDir: string;
  /** Walk from the first row and compare every anchor (the daily pass), instead of from the newest checkpoint. */
  full?: boolean;
  ring?: ChainKeyring;
  batchSize?: number;
}

type CheckpointRow = typeof auditCheckpoints.$inferSelect;

/** The newest checkpoints, newest first, that are signed by a key held here; a forged one is a finding. */
async function newestCheckpoint(
  db: Db,
  ring: ChainKeyring,
  onlyFull: boolean,
): Promise<{ checkpoint: CheckpointRow | null; forged: CheckpointRow | null }> {
  const rows = await db
    .select()
    .from(auditCheckpoints)
    .where(onlyFull ? eq(auditCheckpoints.full, true) : undefined)
    .orderBy(desc(auditCheckpoints.id))
    .limit(20);
  for (const row of rows) {
    const verdict = checkCheckpoint(ring, row);
    if (verdict === "forged") return { checkpoint: null, forged: row };
    if (verdict === "valid") return { checkpoint: row, forged: null };
    // signed with a key no longer held: older checkpoints may still be usable
  }
  return { checkpoint: null, forged: null };
}

async function rowById(db: Db, id: number): Promise<AuditRow | null> {
  const [row] = await db.select().from(auditLog).where(eq(auditLog.id, id)).limit(1);
  return row ?? null;
}

export async function verifyAuditTrail(db: Db, opts: TrailOptions): Promise<TrailReport> {
  const ring = opts.ring ?? activeChainKeyring();
  const base = { walked: 0, anchorsChecked: 0, anchor: null, head: null };
  const latestFull = await newestCheckpoint(db, ring, true);
  const lastFullAt = latestFull.checkpoint?.at ?? null;
  const fail = (reason: TrailProblem, at: number | null, extra: Partial<TrailReport> = {}): TrailReport => ({
    ...base,
    ok: false,
    rows: 0,
    from: { kind: "start" },
    lastFullAt,
    ...extra,
    problem: { reason, at },
  });

  // Anchors: every one for the full pass, the newest for the incremental check.
  const file = opts.full ? readAnchors(opts.anchorDir) : readRecentAnchors(opts.anchorDir);
  if (file.unreadable > 0) return fail("anchor_forged", null);
  const anchors: Anchor[] = [];
  for (const a of file.anchors) {
    const verdict = checkAnchor(ring, a);
    if (verdict === "forged") return fail("anchor_forged", a.lastId);
    if (verdict === "valid") anchors.push(a);
  }

  let start: WalkStart = CHAIN_START;
  let from: TrailReport["from"] = { kind: "start" };
  if (!opts.full) {
    const { checkpoint, forged } = await newestCheckpoint(db, ring, false);
    if (forged) return fail("checkpoint_forged", forged.throughId);
    if (checkpoint) {
      const row = await rowById(db, checkpoint.throughId);
      if (!row || row.hash !== checkpoint.mac) return fail("checkpoint_mismatch", checkpoint.throughId);
      start = { afterId: row.id, prevHash: row.hash, count: checkpoint.rowCount, keyedSeen: row.keyId !== null };
      from = { kind: "checkpoint", at: checkpoint.at, throughId: checkpoint.throughId };
    }
  }

  // During a full walk each anchor is compared at its row: same MAC, same position in the chain.
  const byLastId = new Map<number, Anchor[]>();
  if (opts.full) for (const a of anchors) byLastId.set(a.lastId, [...(byLastId.get(a.lastId) ?? []), a]);
  const met = new Set<number>();
  let anchorsChecked = 0;
  let anchorBrokenAt: number | null = null;
  const { report, last } = await walkAuditChain(db, {
    start,
    ring,
    batchSize: opts.batchSize,
    onRow: opts.full
      ? (row, count) => {
          const here = byLastId.get(row.id);
          if (!here) return null;
          met.add(row.id);
          for (const a of here) {
            anchorsChecked++;
            if (a.lastMac !== row.hash || a.count !== count) {
              anchorBrokenAt = row.id;
              return "hash_mismatch"; // reported as anchor_mismatch below
            }
          }
          return null;
        }
      : undefined,
  });
  const walked = report.checked - start.count;
  if (!report.ok) {
    const reason: TrailProblem = anchorBrokenAt === report.brokenAt ? "anchor_mismatch" : report.reason;
    return fail(reason, report.brokenAt, { rows: report.checked, walked, from, anchorsChecked });
  }
  const head: ChainHead | null = last ? { count: report.checked, lastId: last.id, lastMac: last.hash } : null;

  const newest = anchors.at(-1) ?? null;
  const after = {
    rows: report.checked,
    walked,
    from,
    anchor: newest ? { at: new Date(newest.at), lastId: newest.lastId, count: newest.count } : null,
  };
  if (opts.full) {
    for (const a of anchors) {
      // An anchor past the head names rows the chain no longer has; one the walk never met names a row that is gone.
      if (!head || a.lastId > head.lastId) return fail("truncated", a.lastId, { ...after, anchorsChecked });
      if (!met.has(a.lastId)) return fail("anchor_mismatch", a.lastId, { ...after, anchorsChecked });
    }
  } else if (newest) {
    anchorsChecked = 1;
    if (!head || newest.lastId > head.lastId) return fail("truncated", newest.lastId, { ...after, anchorsChecked });
    const row = await rowById(db, newest.lastId);
    if (!row || row.hash !== newest.lastMac) return fail("anchor_mismatch", newest.lastId, { ...after, anchorsChecked });
  }
  return { ok: true, ...after, anchorsChecked, lastFullAt, head, problem: null };
}

/** When a pass last walked the whole chain (its newest signed full checkpoint); null when none has. */
export async function lastFullWalkAt(db: Db, ring: ChainKeyring = activeChainKeyring()): Promise<Date | null> {
  return (await newestCheckpoint(db, ring, true)).checkpoint?.at ?? null;
}

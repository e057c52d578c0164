// One pass of the audit anchoring job: verify the trail (from the newest checkpoint, or in full when the last full
// walk is older than a day), then record what verified: a signed checkpoint in the database, where the next
// incremental check starts, and a signed anchor outside it (the anchor file and the JSON log). A trail that does not
// verify is never checkpointed or anchored (that would bless the damage): the pass logs audit.chain_broken, an
// error line for the operator's alerting, and the page shows where it breaks. Each pass sets the
// dashboard_audit_chain_ok gauge, and with a security contact configured the pass tells them (notify): the daily full
// walk's signed head, a third copy in a mailbox the database cannot reach, and a broken trail as soon as it is seen.
// No `import "server-only"`: the benchmark runs it.
import type { Db } from "../db/client";
import { auditCheckpoints } from "../db/schema";
import type { Logger } from "../log/logger";
import { recordAuditChainCheck } from "../metrics/registry";
import { appendAnchor, checkpointSignature, signAnchor, type Anchor } from "./anchors";
import { activeChainKeyring, type ChainKeyring } from "./chain-keys";
import { lastFullWalkAt, verifyAuditTrail, type TrailProblem, type TrailReport } from "./trail";

export const FULL_WALK_EVERY_MS = 86_400_000;

export interface AnchorPassDeps {
  db: Db;
  now: () => Date;
  log: Pick<Logger, "info" | "error">;
  /** Tells the security contact (anchor-scheduler.ts mails them); absent when none is configured. */
  notify?: (notice: AnchorNotice) => Promise<void>;
}

export type AnchorNotice =
  | { kind: "broken"; reason: TrailProblem; at: number | null; full: boolean }
  /** After a full walk that verified: the chain head, signed now. */
  | { kind: "verified"; anchor: Anchor; rows: number };

export interface AnchorPassOptions {
  anchorDir: string;
  fullEveryMs?: number;
  ring?: ChainKeyring;
  batchSize?: number;
}

export interface AnchorPassResult {
  report: TrailReport;
  full: boolean;
  checkpointed: boolean;
  /** The anchor published by this pass (null when the chain did not move since the last one, or did not verify). */
  anchor: Anchor | null;
}

export async function anchorAuditTrail(deps: AnchorPassDeps, opts: AnchorPassOptions): Promise<AnchorPassResult> {
  const ring = opts.ring ?? activeChainKeyring();
  const now = deps.now();
  const fullEveryMs = opts.fullEveryMs ?? FULL_WALK_EVERY_MS;
  const lastFull = await lastFullWalkAt(deps.db, ring);
  const full = lastFull === null || now.getTime() - lastFull.getTime() >= fullEveryMs;
  const report = await verifyAuditTrail(deps.db, { anchorDir: opts.anchorDir, ring, batchSize: opts.batchSize, full });
  recordAuditChainCheck(report.ok, now);
  if (!report.ok) {
    deps.log.error("audit.chain_broken", { reason: report.problem?.reason, at: report.problem?.at, full });
    if (report.problem) await tell(deps, { kind: "broken", reason: report.problem.reason, at: report.problem.at, full });
    return { report, full, checkpointed: false, anchor: null };
  }
  const head = report.head;
  if (!head) return { report, full, checkpointed: false, anchor: null };

  const moved = report.from.kind === "start" || report.walked > 0;
  let checkpointed = false;
  if (moved || full) {
    const fields = { at: now, throughId: head.lastId, mac: head.lastMac, rowCount: head.count, full, keyId: ring.current.id };
    await deps.db.insert(auditCheckpoints).values({ ...fields, sig: checkpointSignature(ring.current, fields) });
    checkpointed = true;
  }
  let anchor: Anchor | null = null;
  if (!report.anchor || report.anchor.lastId !== head.lastId) {
    anchor = signAnchor(ring.current, head, now);
    const file = appendAnchor(opts.anchorDir, anchor);
    // The log line is the second copy, kept by whatever collects the logs (outside the database's reach).
    deps.log.info("audit.anchor", { ...anchor, file });
  }
  if (full) await tell(deps, { kind: "verified", anchor: anchor ?? signAnchor(ring.current, head, now), rows: report.rows });
  return { report, full, checkpointed, anchor };
}

/** A notice that cannot be queued is logged and never fails the pass: the checkpoint and the anchor file stand. */
async function tell(deps: AnchorPassDeps, notice: AnchorNotice): Promise<void> {
  if (!deps.notify) return;
  try {
    await deps.notify(notice);
  } catch (e) {
    deps.log.error("audit.notice_failed", { kind: notice.kind, error: e instanceof Error ? e.message : String(e) });
  }
}

// Processing a stored notification, after the receiver has answered. A notification only hints: the payment is
// synced with the gateway (status query + details) and moves only as far, and only as forward, as the gateway
// confirms. Rows are claimed with a lease so that one process handles each (the receiver's in-process queue and
// every app instance's reconciler may all reach for the same row); a process that dies leaves the lease to expire.
//
// Claim state lives in processing_result while processed_at is null:
//   null or "unverifiable"            waiting to be processed
//   "processing:<expiresMs>:<nonce>"  claimed; free again once expired
//   "retry: <why>"                    the gateway did not answer; the next reconciler pass tries again
// and is final once processed_at is set: applied | no_change | created_external | unknown_payment | invalid_hash
// | error: <why>.
import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { gatewayNotifications, type GatewayNotificationRow } from "../../db/schema";
import { logger as defaultLogger, type Logger } from "../../log/logger";
import type { ServiceDeps } from "../deps";
import { syncPayment, type SyncResult } from "../sync/sync-payment";

/** How long a claim holds: longer than two gateway reads with their retries. */
export const CLAIM_LEASE_MS = 5 * 60_000;

export type ProcessingResult = "applied" | "no_change" | "created_external" | "unknown_payment" | `error: ${string}`;

export interface ProcessOutcome {
  id: number;
  /** Final result, or null when the row was left for a later retry (gateway unavailable). */
  result: ProcessingResult | null;
  paymentId: string | null;
}

function claimable(nowMs: number) {
  const r = gatewayNotifications.processingResult;
  return and(
    isNull(gatewayNotifications.processedAt),
    sql`(${r} is null or ${r} not like 'processing:%' or split_part(${r}, ':', 2)::bigint < ${nowMs})`,
  );
}

const leaseOf = (nowMs: number) => `processing:${nowMs + CLAIM_LEASE_MS}:${randomBytes(6).toString("hex")}`;

/** Claim one row, if it is still waiting and nobody holds it. */
export async function claimNotification(db: Db, id: number, now: Date): Promise<GatewayNotificationRow | null> {
  const [row] = await db
    .update(gatewayNotifications)
    .set({ processingResult: leaseOf(now.getTime()) })
    .where(and(eq(gatewayNotifications.id, id), claimable(now.getTime())))
    .returning();
  return row ?? null;
}

/** Claim up to `limit` waiting rows, oldest first, skipping rows another transaction is claiming right now. */
export async function claimPendingNotifications(db: Db, limit: number, now: Date): Promise<GatewayNotificationRow[]> {
  return db.transaction(async (tx) => {
    const picked = await tx
      .select({ id: gatewayNotifications.id })
      .from(gatewayNotifications)
      .where(claimable(now.getTime()))
      .orderBy(asc(gatewayNotifications.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (picked.length === 0) return [];
    return tx
      .update(gatewayNotifications)
      .set({ processingResult: leaseOf(now.getTime()) })
      .where(
        inArray(
          gatewayNotifications.id,
          picked.map((p) => p.id),
        ),
      )
      .returning();
  });
}

/** Process one claimed row and record the outcome (only if the claim is still ours). */
export async function processClaimed(deps: ServiceDeps, row: GatewayNotificationRow, log: Logger = defaultLogger): Promise<ProcessOutcome> {
  const lease = row.processingResult!;
  let outcome: { result: ProcessingResult | null; retry?: string; paymentId: string | null };
  try {
    outcome = await apply(deps, row);
  } catch (e) {
    log.error("notification.processing_failed", { notificationId: row.id, error: e instanceof Error ? e.message : String(e) });
    outcome = { result: "error: processing failed", paymentId: row.paymentId };
  }
  if (outcome.result === null) {
    await releaseClaim(deps.db, row, outcome.retry ?? "later");
  } else {
    await deps.db
      .update(gatewayNotifications)
      .set({ processingResult: outcome.result, processedAt: deps.now(), paymentId: outcome.paymentId ?? row.paymentId })
      .where(and(eq(gatewayNotifications.id, row.id), eq(gatewayNotifications.processingResult, lease)));
  }
  return { id: row.id, result: outcome.result, paymentId: outcome.paymentId ?? row.paymentId };
}

/** Give a claimed row back, unprocessed, for a later pass (only if the claim is still ours). */
export async function releaseClaim(db: Db, row: GatewayNotificationRow, why: string): Promise<void> {
  await db
    .update(gatewayNotifications)
    .set({ processingResult: `retry: ${why}` })
    .where(and(eq(gatewayNotifications.id, row.id), eq(gatewayNotifications.processingResult, row.processingResult!)));
}

/** Claim and process one notification by id; null when another process has it or it is done. */
export async function processNotification(deps: ServiceDeps, id: number, log?: Logger): Promise<ProcessOutcome | null> {
  const row = await claimNotification(deps.db, id, deps.now());
  return row ? processClaimed(deps, row, log) : null;
}

async function apply(
  deps: ServiceDeps,
  row: GatewayNotificationRow,
): Promise<{ result: ProcessingResult | null; retry?: string; paymentId: string | null }> {
  if (!row.transId || !row.orderId) return { result: "error: the notification names no trans_id or order_id", paymentId: row.paymentId };
  // hashValid is true (the hash matched the payer e-mail on file) or false with the row still open, which means
  // "unverifiable": no payment with an e-mail on file (invalid hashes are stored already processed).
  //
  // Why an unverifiable notification may still create a ledger entry: nothing from it is trusted. It only makes us
  // send our own status query, signed with the merchant secret for exactly the ids it names; the entry is made from
  // the gateway's answer (state, amounts, payer) and only if the gateway confirms the payment. At worst a forged
  // notification triggers one status query; the dedupe key and the body cap bound how often.
  const r = await syncPayment(
    deps,
    { gatewayId: row.transId, orderId: row.orderId },
    {
      source: "notification",
      notificationId: row.id,
      createExternal: !row.hashValid,
    },
  );
  return resultOf(r);
}

function resultOf(r: SyncResult): { result: ProcessingResult | null; retry?: string; paymentId: string | null } {
  const paymentId = r.payment?.id ?? null;
  switch (r.outcome) {
    case "created":
      return { result: "created_external", paymentId };
    case "synced":
      return { result: r.changed ? "applied" : "no_change", paymentId };
    case "not_found":
    case "not_at_gateway":
      return { result: "unknown_payment", paymentId };
    case "unavailable":
      return { result: null, retry: "the gateway did not answer", paymentId };
    case "no_gateway_id":
      return { result: "error: no gateway id to query", paymentId };
    case "refused":
      return { result: `error: ${r.message}`, paymentId };
  }
}

// Processing stored notifications, after the receiver has answered. A notification only hints: the payment is
// synced with the gateway (status query + details) and moves only as far, and only as forward, as the gateway
// confirms. Rows are processed in batches, one sync per payment they name (a burst for one payment costs one sync).
// Rows are claimed with a lease so that one process handles each (the receiver's in-process queue and every app
// instance's reconciler may all reach for the same row); a process that dies leaves the lease to expire.
//
// Claim state lives in processing_result while processed_at is null:
//   null or "unverifiable"            waiting to be processed
//   "processing:<expiresMs>:<nonce>"  claimed; free again once expired
//   "retry: <why>"                    the gateway did not answer; the next reconciler pass tries again
// and is final once processed_at is set: applied | no_change | created_external | unknown_payment | invalid_hash
// | error: <why>.
import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, inArray, isNull, sql } from "drizzle-orm";
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

/** Claim these rows, those still waiting that nobody holds, in one statement (one lease for all of them). */
export async function claimNotifications(db: Db, ids: readonly number[], now: Date): Promise<GatewayNotificationRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(gatewayNotifications)
    .set({ processingResult: leaseOf(now.getTime()) })
    .where(and(inArray(gatewayNotifications.id, [...ids]), claimable(now.getTime())))
    .returning();
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

/**
 * Claimed rows grouped by the payment they name, oldest first. A notification only says "ask the gateway about this
 * payment", so one status query made after every row of a group was stored answers for all of them: a burst of
 * notifications for one payment costs one sync, not one each (#17). A row naming no payment is a group of its own.
 */
export function groupByPayment(rows: readonly GatewayNotificationRow[]): GatewayNotificationRow[][] {
  const groups = new Map<string, GatewayNotificationRow[]>();
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    const key = row.transId && row.orderId ? `p\u0000${row.transId}\u0000${row.orderId}` : `row\u0000${row.id}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()];
}

/**
 * Process one group of claimed rows (groupByPayment): one sync for the payment they name, then every row's outcome
 * in one statement, only where the claim is still ours. A gateway that did not answer gives the rows back for later.
 */
export async function processClaimedGroup(
  deps: ServiceDeps,
  group: readonly GatewayNotificationRow[],
  log: Logger = defaultLogger,
): Promise<ProcessOutcome[]> {
  if (group.length === 0) return [];
  let outcome: { result: ProcessingResult | null; retry?: string; paymentId: string | null };
  try {
    outcome = await apply(deps, group);
  } catch (e) {
    log.error("notification.processing_failed", {
      notificationIds: group.map((r) => r.id),
      error: e instanceof Error ? e.message : String(e),
    });
    outcome = { result: "error: processing failed", paymentId: group[0]!.paymentId };
  }
  if (outcome.result === null) {
    await releaseClaims(deps.db, group, outcome.retry ?? "later");
  } else {
    await deps.db
      .update(gatewayNotifications)
      .set({
        processingResult: outcome.result,
        processedAt: deps.now(),
        ...(outcome.paymentId ? { paymentId: outcome.paymentId } : {}),
      })
      .where(ownClaims(group));
  }
  return group.map((row) => ({ id: row.id, result: outcome.result, paymentId: outcome.paymentId ?? row.paymentId }));
}

/** The rows whose claim is still the one we took (a lease expired and taken by another process is theirs now). */
function ownClaims(rows: readonly GatewayNotificationRow[]) {
  const leases = [...new Set(rows.map((r) => r.processingResult!))];
  return and(
    inArray(
      gatewayNotifications.id,
      rows.map((r) => r.id),
    ),
    inArray(gatewayNotifications.processingResult, leases),
  );
}

/** Give claimed rows back, unprocessed, for a later pass (only those whose claim is still ours), in one statement. */
export async function releaseClaims(db: Db, rows: readonly GatewayNotificationRow[], why: string): Promise<void> {
  if (rows.length === 0) return;
  await db
    .update(gatewayNotifications)
    .set({ processingResult: `retry: ${why}` })
    .where(ownClaims(rows));
}

/**
 * Claim and process these notifications (the receiver's queue hands them over in batches): one claim, one sync per
 * payment they name, one write of the outcomes per payment. Rows another process holds, or already done, are skipped.
 */
export async function processNotifications(deps: ServiceDeps, ids: readonly number[], log?: Logger): Promise<ProcessOutcome[]> {
  const rows = await claimNotifications(deps.db, ids, deps.now());
  const outcomes: ProcessOutcome[] = [];
  for (const group of groupByPayment(rows)) outcomes.push(...(await processClaimedGroup(deps, group, log)));
  return outcomes;
}

async function apply(
  deps: ServiceDeps,
  group: readonly GatewayNotificationRow[],
): Promise<{ result: ProcessingResult | null; retry?: string; paymentId: string | null }> {
  const first = group[0]!;
  if (!first.transId || !first.orderId)
    return { result: "error: the notification names no trans_id or order_id", paymentId: first.paymentId };
  // hashValid is true (the hash matched the payer e-mail on file) or false with the row still open, which means
  // "unverifiable": no payment with an e-mail on file (invalid hashes are stored already processed).
  //
  // Why an unverifiable notification may still create a ledger entry: nothing from it is trusted. It only makes us
  // send our own status query, signed with the merchant secret for exactly the ids it names; the entry is made from
  // the gateway's answer (state, amounts, payer) and only if the gateway confirms the payment. At worst a forged
  // notification triggers one status query; the dedupe key and the body cap bound how often.
  const r = await syncPayment(
    deps,
    { gatewayId: first.transId, orderId: first.orderId },
    {
      source: "notification",
      // The audit row names the oldest notification of the group (the others share its outcome).
      notificationId: first.id,
      createExternal: group.some((row) => !row.hashValid),
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

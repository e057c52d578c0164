// One pass of the reconciler: process stored notifications still waiting (the receiver's queue died, or the
// gateway did not answer last time), then sync payments whose outcome is not known: status `unknown`, actions in
// `unknown`, and 3-D Secure payments abandoned for a while. Several app instances may run passes at the same
// time: every row is claimed first (SELECT … FOR UPDATE SKIP LOCKED, then stamped), so each is handled by one.
import "server-only";
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { payments } from "../../db/schema";
import { logger as defaultLogger, type Logger } from "../../log/logger";
import type { ServiceDeps } from "../deps";
import {
  claimPendingNotifications,
  groupByPayment,
  processClaimedGroup,
  releaseClaims,
  type ProcessOutcome,
} from "../notifications/process-notification";
import { syncPayment, type SyncOutcome } from "./sync-payment";
import { expireStrandedActions } from "../payments/money-action";
import { expireStrandedPayments } from "./stranded-payments";

export interface ReconcileOptions {
  /** Most notifications, and most payments, handled per pass. */
  limit?: number;
  /** A payment synced (or claimed) less than this long ago is not taken again. */
  retryAfterMs?: number;
  /** A payment waiting for 3-D Secure this long is asked about (and then again at this interval). */
  staleAwaitingMs?: number;
  /** …until it is this old: an abandoned challenge is not queried forever (its notification still updates it). */
  awaitingMaxAgeMs?: number;
  logger?: Logger;
}

export interface ReconcileReport {
  notifications: ProcessOutcome[];
  payments: Array<{ paymentId: string; outcome: SyncOutcome | "error"; changed: boolean }>;
  /** True when the pass stopped early because the gateway was not answering. */
  gatewayDown: boolean;
}

/** Consecutive "gateway did not answer" results after which the pass stops (the next pass tries again). */
const GIVE_UP_AFTER = 3;

export async function reconcileOnce(deps: ServiceDeps, opts: ReconcileOptions = {}): Promise<ReconcileReport> {
  const limit = opts.limit ?? 50;
  const logger = opts.logger ?? defaultLogger;
  const report: ReconcileReport = { notifications: [], payments: [], gatewayDown: false };
  let unavailableInARow = 0;

  const stranded = await expireStrandedActions(deps);
  if (stranded) logger.warn("reconcile.stranded_actions", { count: stranded });
  const strandedPayments = await expireStrandedPayments(deps);
  if (strandedPayments) logger.warn("reconcile.stranded_payments", { count: strandedPayments });

  // One sync per payment the waiting notifications name (groupByPayment), not one per notification.
  const noteGroups = groupByPayment(await claimPendingNotifications(deps.db, limit, deps.now()));
  for (const [i, group] of noteGroups.entries()) {
    if (unavailableInARow >= GIVE_UP_AFTER) {
      report.gatewayDown = true;
      await releaseClaims(deps.db, noteGroups.slice(i).flat(), "the gateway did not answer");
      break;
    }
    const outcomes = await processClaimedGroup(deps, group, logger);
    report.notifications.push(...outcomes);
    unavailableInARow = outcomes[0]?.result === null ? unavailableInARow + 1 : 0;
  }

  const claimedPayments = report.gatewayDown ? [] : await claimDuePayments(deps.db, limit, deps.now(), opts);
  for (const [i, claim] of claimedPayments.entries()) {
    if (unavailableInARow >= GIVE_UP_AFTER) {
      report.gatewayDown = true;
      for (const rest of claimedPayments.slice(i)) await releasePayment(deps.db, rest);
      break;
    }
    let outcome: SyncOutcome | "error" = "error";
    let changed = false;
    try {
      const r = await syncPayment(deps, claim.id, { source: "reconciler" });
      outcome = r.outcome;
      changed = r.changed;
    } catch (e) {
      logger.error("reconcile.sync_failed", { paymentId: claim.id, error: e instanceof Error ? e.message : String(e) });
    }
    // The claim stamp stands for a sync only if the gateway answered; otherwise the payment shows its last real sync.
    if (outcome !== "synced" && outcome !== "created") await releasePayment(deps.db, claim);
    unavailableInARow = outcome === "unavailable" ? unavailableInARow + 1 : 0;
    report.payments.push({ paymentId: claim.id, outcome, changed });
  }
  if (report.gatewayDown)
    logger.warn("reconcile.gateway_down", { notifications: report.notifications.length, payments: report.payments.length });
  return report;
}

interface PaymentClaim {
  id: string;
  stamp: Date;
  previous: Date | null;
}

/**
 * Claim due payments: pick them with FOR UPDATE SKIP LOCKED (a concurrent pass skips rows being picked) and stamp
 * last_synced_at (a later pass, within retryAfterMs, does not pick them again).
 */
export async function claimDuePayments(db: Db, limit: number, now: Date, opts: ReconcileOptions = {}): Promise<PaymentClaim[]> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const retryAfter = ago(opts.retryAfterMs ?? 30_000);
  const stale = ago(opts.staleAwaitingMs ?? 15 * 60_000);
  const tooOld = ago(opts.awaitingMaxAgeMs ?? 24 * 3_600_000);
  const due = or(
    eq(payments.status, "unknown"),
    sql`exists (select 1 from payment_actions a where a.payment_id = ${payments.id} and a.state = 'unknown')`,
    and(
      eq(payments.status, "awaiting_3ds"),
      lt(payments.createdAt, stale),
      gt(payments.createdAt, tooOld),
      or(isNull(payments.lastSyncedAt), lt(payments.lastSyncedAt, stale)),
    ),
  );
  return db.transaction(async (tx) => {
    const picked = await tx
      .select({ id: payments.id, previous: payments.lastSyncedAt })
      .from(payments)
      .where(and(isNotNull(payments.gatewayId), or(isNull(payments.lastSyncedAt), lt(payments.lastSyncedAt, retryAfter)), due))
      .orderBy(asc(payments.updatedAt), asc(payments.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (picked.length === 0) return [];
    await tx
      .update(payments)
      .set({ lastSyncedAt: now })
      .where(
        inArray(
          payments.id,
          picked.map((p) => p.id),
        ),
      );
    return picked.map((p) => ({ id: p.id, stamp: now, previous: p.previous }));
  });
}

/** Undo a claim stamp, unless a sync has written a newer one since. */
async function releasePayment(db: Db, claim: PaymentClaim): Promise<void> {
  await db
    .update(payments)
    .set({ lastSyncedAt: claim.previous })
    .where(and(eq(payments.id, claim.id), eq(payments.lastSyncedAt, claim.stamp)));
}

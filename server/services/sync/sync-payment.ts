// Sync one payment with the gateway: query its status and details (outside any transaction), then in ONE
// transaction lock the payment, settle its actions whose outcome was unknown, move it forward only, and write the
// audit row when anything changed. Used by "Sync with gateway", by notification processing and by the reconciler.
// A gateway that does not answer changes nothing.
import { problemText, summaryText, type SyncProblem, type SyncSummary } from "./sync-notes";
import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { decimalToMinor, isCurrencyCode } from "@/lib/money";
import { appendAudit } from "../../audit/audit-log";
import { unknownOutcomeGraceMs } from "../payments/money-action";
import type { Tx } from "../../db/client";
import { holdGatewayCalls, type HeldCalls } from "../../db/gateway-call-log";
import { paymentActions, type PaymentRow } from "../../db/schema";
import { logger } from "../../log/logger";
import {
  acceptsNewLinkAttempt,
  advancePayment,
  findPayment,
  findPaymentByGatewayId,
  findPaymentByOrderId,
  insertPayment,
  lockPayment,
  trackNewLinkAttempt,
} from "../../ledger/payments";
import type { PaymentStatus } from "@/lib/payment-status";
import type { ServiceDeps } from "../deps";
import { fetchGatewayState, gatewayCurrency, viewOf, type GatewayState } from "./gateway-view";
import { planSync, type ActionSettlement } from "./plan-sync";

/** A ledger payment id, or the gateway's ids as a notification names them. */
export type SyncTarget = string | { gatewayId: string; orderId: string };

export interface SyncOptions {
  source?: "user" | "notification" | "reconciler";
  actor?: { userId: string; email: string } | null;
  ip?: string | null;
  /**
   * When no ledger payment matches: create one (kind "external") if, and only if, the status query confirms the
   * payment at the gateway. For payments made on the merchant's website.
   */
  createExternal?: boolean;
  notificationId?: number;
}

export type SyncOutcome =
  | "synced" // the gateway answered; the ledger now agrees with it (changed or not)
  | "created" // an external payment was entered in the ledger
  | "unavailable" // the gateway did not answer: nothing changed
  | "not_found" // no such payment in the ledger
  | "not_at_gateway" // the gateway does not know the payment
  | "refused" // the gateway refused or answered about something else: nothing changed
  | "no_gateway_id"; // the payment has no gateway id yet: its status cannot be queried

export interface SyncResult {
  outcome: SyncOutcome;
  /** True when the ledger changed (state, amounts, ids, tokens, card, settled actions, or a new payment). */
  changed: boolean;
  payment: PaymentRow | null;
  /** The status word the gateway answered. */
  gatewayStatus: string | null;
  settled: ActionSettlement[];
  /** A state the gateway reported that would have moved the payment backwards (ignored). */
  ignoredBackward: PaymentStatus | null;
  /** What happened, in English (logs, a notification's stored result). */
  message: string;
  /** Why the ledger could not be compared, for people in their language (sync-notes.ts), when it could not. */
  problem?: SyncProblem;
  /** What the sync did, for people in their language, when it reached the gateway. */
  summary?: SyncSummary;
}

function noChange(outcome: SyncOutcome, payment: PaymentRow | null, problem: SyncProblem): SyncResult {
  return {
    outcome,
    changed: false,
    payment,
    gatewayStatus: null,
    settled: [],
    ignoredBackward: null,
    message: problemText(problem),
    problem,
  };
}

async function lookup(deps: ServiceDeps, target: SyncTarget): Promise<PaymentRow | null> {
  if (typeof target === "string") return findPayment(deps.db, target);
  return (await findPaymentByGatewayId(deps.db, target.gatewayId)) ?? (await findPaymentByOrderId(deps.db, target.orderId));
}

export async function syncPayment(deps: ServiceDeps, target: SyncTarget, opts: SyncOptions = {}): Promise<SyncResult> {
  // The two reads' call records are written inside the ledger transaction below (no commit of their own), or after
  // it when the sync stops before one (server/db/gateway-call-log.ts).
  return holdGatewayCalls(deps.db, (held) => syncHeld(deps, target, opts, held));
}

async function syncHeld(deps: ServiceDeps, target: SyncTarget, opts: SyncOptions, held: HeldCalls): Promise<SyncResult> {
  const found = await lookup(deps, target);
  if (!found && (typeof target === "string" || !opts.createExternal)) return noChange("not_found", null, { key: "sync.notInLedger" });
  // A payment link paid in a second attempt: the notification names a gateway id the ledger does not hold, for the
  // link's order id, while the attempt the ledger tracks moved no money (declined, or a challenge left unanswered).
  // That new attempt is the one to query; the ledger follows it if the gateway confirms it for this order.
  const newLinkAttempt =
    found && typeof target !== "string" && found.gatewayId !== target.gatewayId && acceptsNewLinkAttempt(found) ? target.gatewayId : null;
  const ids = {
    gatewayId: newLinkAttempt ?? found?.gatewayId ?? (typeof target === "string" ? null : target.gatewayId),
    orderId: found?.orderId ?? (typeof target === "string" ? "" : target.orderId),
  };
  if (!ids.gatewayId) return noChange("no_gateway_id", found, { key: "sync.noGatewayId" });
  const fetched = await fetchGatewayState(deps, { orderId: ids.orderId, gatewayId: ids.gatewayId });
  if (!fetched.ok) {
    const outcome = fetched.reason === "unavailable" ? "unavailable" : fetched.reason === "not_found" ? "not_at_gateway" : "refused";
    return noChange(outcome, found, fetched.problem);
  }
  const gatewayId = ids.gatewayId;
  return deps.db.transaction(async (tx) => {
    await held.writeIn(tx);
    let payment: PaymentRow;
    let created = false;
    let earlierAttempt: { gatewayId: string | null; status: string; declineReason: string | null } | null = null;
    if (found) {
      payment = (await lockPayment(tx, found.id))!;
      if (newLinkAttempt && payment.gatewayId !== newLinkAttempt) {
        // Re-checked under the lock: another process may have moved the link on since it was read.
        if (!acceptsNewLinkAttempt(payment)) return noChange("synced", payment, { key: "sync.linkSettledElsewhere" });
        earlierAttempt = { gatewayId: payment.gatewayId, status: payment.status, declineReason: payment.declineReason };
        payment = await trackNewLinkAttempt(tx, payment, newLinkAttempt, deps.now());
      }
    } else {
      const external = await findOrCreateExternal(tx, deps, fetched.state, { orderId: ids.orderId, gatewayId });
      if (!external) return noChange("refused", null, { key: "sync.noAmount" });
      ({ payment, created } = external);
    }
    if (!isCurrencyCode(payment.currency)) throw new Error(`payment ${payment.id} has an unknown currency`);
    const actions = await tx
      .select()
      .from(paymentActions)
      .where(and(eq(paymentActions.paymentId, payment.id), inArray(paymentActions.state, ["unknown", "in_flight", "succeeded"])));
    const plan = planSync(payment, actions, viewOf(fetched.state, payment.currency), fetched.state.askedAt, unknownOutcomeGraceMs(deps));
    if (!payment.gatewayId) plan.patch.gatewayId = gatewayId; // the status query confirmed the (order, gateway id) pair
    const now = deps.now();
    const settled: ActionSettlement[] = [];
    for (const s of plan.settlements) {
      const rows = await tx
        .update(paymentActions)
        .set({ state: s.state, outcomeMessage: s.message, updatedAt: now, completedAt: now })
        .where(and(eq(paymentActions.id, s.id), eq(paymentActions.state, "unknown")))
        .returning({ id: paymentActions.id });
      if (rows.length) settled.push(s);
    }
    let current = payment;
    for (const step of plan.steps) current = await advancePayment(tx, current, { status: step }, now);
    const next = await advancePayment(tx, current, { ...plan.patch, lastSyncedAt: now }, now);
    // The raw status word alone is bookkeeping (written, not counted as a change of the ledger).
    const changed = created || earlierAttempt !== null || settled.length > 0 || Object.keys(plan.patch).some((k) => k !== "gatewayStatus");
    if (changed) {
      await appendAudit(tx, {
        actorId: opts.actor?.userId ?? null,
        actorEmail: opts.actor?.email ?? null,
        ip: opts.ip ?? null,
        action: "payment.sync",
        targetType: "payment",
        targetId: payment.id,
        at: now,
        summary: {
          source: opts.source ?? "user",
          notificationId: opts.notificationId,
          created,
          from: created ? null : (earlierAttempt?.status ?? payment.status),
          earlierAttempt: earlierAttempt ?? undefined,
          to: next.status,
          via: plan.steps.length ? plan.steps : undefined,
          gatewayStatus: fetched.state.status.status,
          changes: Object.keys(plan.patch).filter((k) => k !== "recurringToken"),
          tokenRecorded: plan.patch.recurringToken !== undefined,
          settled: settled.map((s) => ({ id: s.id, type: s.type, state: s.state, amountMinor: s.amountMinor })),
          ignoredBackward: plan.ignoredBackward,
        },
      });
    }
    if (plan.ignoredBackward || plan.notes.length) {
      logger.info("payment.sync.notes", {
        paymentId: payment.id,
        ledger: payment.status,
        reported: plan.ignoredBackward,
        notes: plan.notes,
      });
    }
    const summary: SyncSummary = {
      created,
      changed,
      settled: settled.length,
      backward: plan.ignoredBackward !== null,
      newLinkAttempt: earlierAttempt !== null,
    };
    return {
      outcome: created ? "created" : "synced",
      changed,
      payment: next,
      gatewayStatus: fetched.state.status.status,
      settled,
      ignoredBackward: plan.ignoredBackward,
      message: summaryText(summary),
      summary,
    } satisfies SyncResult;
  });
}

/**
 * The ledger entry of a payment made outside the dashboard, created from the status answer (never from the
 * notification, which nothing authenticates). Serialised per gateway id, so two notifications about the same new
 * payment create one entry.
 */
async function findOrCreateExternal(
  tx: Tx,
  deps: ServiceDeps,
  state: GatewayState,
  ids: { orderId: string; gatewayId: string },
): Promise<{ payment: PaymentRow; created: boolean } | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`external-payment:${ids.gatewayId}`})::bigint)`);
  const existing = (await findPaymentByGatewayId(tx, ids.gatewayId)) ?? (await findPaymentByOrderId(tx, ids.orderId));
  if (existing) return { payment: (await lockPayment(tx, existing.id))!, created: false };
  const currency = gatewayCurrency(state);
  const amountMinor = currency ? decimalToMinor(state.status.order?.amount ?? state.details?.amount ?? "", currency) : null;
  if (!currency || amountMinor === null) return null;
  const view = viewOf(state, currency);
  const now = deps.now();
  // Inserted as "unknown" (no outcome known yet) and moved forward by the same plan as any other sync.
  const payment = await insertPayment(tx, {
    orderId: ids.orderId,
    gatewayId: ids.gatewayId,
    kind: "external",
    status: "unknown",
    currency,
    amountMinor,
    description: view.description,
    payerName: view.customer.name,
    payerEmail: view.customer.email,
    createdAt: now,
    updatedAt: now,
  });
  return { payment, created: true };
}

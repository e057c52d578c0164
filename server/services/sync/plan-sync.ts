// The pure decision of a sync: given the locked ledger payment, its actions and what the gateway says, which actions
// whose outcome was unknown are settled, and how the payment moves. Forward only (canMove), amounts only grow
// (advancePayment enforces both again); a report that would move the payment backwards changes no state.
import type { PaymentActionRow, PaymentRow } from "../../db/schema";
import type { PaymentPatch } from "../../ledger/payments";
import { isPaymentStatus, type PaymentStatus } from "@/lib/payment-status";
import { canMove, statusFromGateway } from "../../ledger/states";
import type { GatewayView } from "./gateway-view";

export interface ActionSettlement {
  id: string;
  type: string;
  amountMinor: number;
  state: "succeeded" | "failed";
  message: string;
}

export interface SyncPlan {
  patch: PaymentPatch;
  settlements: ActionSettlement[];
  /** States passed through on the way to patch.status (each move is a legal forward move). */
  steps: PaymentStatus[];
  /** The state the gateway reported when it would have moved the payment backwards (ignored). */
  ignoredBackward: PaymentStatus | null;
  notes: string[];
}

const byAge = (a: PaymentActionRow, b: PaymentActionRow) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1);
const sum = (xs: PaymentActionRow[]) => xs.reduce((s, a) => s + a.amountMinor, 0);

/**
 * @param askedAt when the gateway was queried: a refund that completed in the ledger after it may or may not be in
 *   the gateway's total, so refunds are then left for the next sync rather than guessed.
 */
export function planSync(payment: PaymentRow, actions: PaymentActionRow[], view: GatewayView, askedAt: Date, failAfterMs = 0): SyncPlan {
  const notes = [...view.notes];
  const collected: ActionSettlement[] = [];
  // "It did not happen" is only safe to conclude once the gateway can no longer act on the request: a call that
  // timed out on our side may still be processed after the query. Success can be concluded at once.
  const byId = new Map(actions.map((a) => [a.id, a]));
  const settlements = {
    push(s: ActionSettlement) {
      const a = byId.get(s.id);
      if (s.state === "failed" && a && askedAt.getTime() - a.updatedAt.getTime() < failAfterMs) {
        notes.push(`${a.type} ${a.id}: not at the gateway yet; left unknown until the gateway can no longer process it`);
        return;
      }
      collected.push(s);
    },
  };
  // The gateway's state before refunds are taken into account: captured-like, authorized, voided, declined …
  const base = statusFromGateway({ status: view.status }, { any: false, full: false });
  const captured = base === "captured" || base === "refunded";

  // Captures and voids: at most one each per payment; the gateway's state says whether it happened.
  for (const a of actions.filter((x) => x.state === "unknown" && x.type === "capture")) {
    if (captured) settlements.push(settle(a, "succeeded", "The gateway shows the payment captured."));
    else if (base === "authorized" || base === "voided" || base === "declined")
      settlements.push(settle(a, "failed", "The gateway shows no capture."));
  }
  for (const a of actions.filter((x) => x.state === "unknown" && x.type === "void")) {
    if (base === "voided") settlements.push(settle(a, "succeeded", "The gateway shows the authorization voided."));
    else if (base === "authorized" || captured || base === "declined") settlements.push(settle(a, "failed", "The gateway shows no void."));
  }

  // Refunds: the gateway gives one total. Unknown refunds are accepted oldest first while they fit into what the
  // gateway refunded beyond the refunds the ledger already accepted; the rest did not happen.
  const refunds = actions.filter((x) => x.type === "refund");
  const unknownRefunds = refunds.filter((x) => x.state === "unknown").sort(byAge);
  const accepted = refunds.filter((x) => x.state === "succeeded");
  const refundRace = refunds.some((x) => x.state === "in_flight") || accepted.some((x) => (x.completedAt ?? x.updatedAt) >= askedAt);
  if (refundRace && unknownRefunds.length) notes.push("a refund is in flight or just completed: unknown refunds left for the next sync");
  let newlyRefunded = 0;
  if (unknownRefunds.length && !refundRace) {
    if (captured && view.refundedMinor !== null) {
      let room = view.refundedMinor - sum(accepted);
      for (const r of unknownRefunds) {
        if (r.amountMinor <= room) {
          room -= r.amountMinor;
          newlyRefunded += r.amountMinor;
          settlements.push(settle(r, "succeeded", "The gateway's refunded total includes this refund."));
        } else {
          settlements.push(settle(r, "failed", "The gateway's refunded total does not include this refund."));
        }
      }
    } else if (base === "authorized" || base === "voided" || base === "declined" || base === "awaiting_3ds") {
      for (const r of unknownRefunds)
        settlements.push(settle(r, "failed", "The gateway shows the payment not captured: no refund happened."));
    }
  }

  // Amounts. The captured amount is the capture's (a capture may be partial), else the order amount (a sale that
  // authorized and captured at once, or a capture made outside the dashboard).
  const patch: PaymentPatch = {};
  // A capture still in flight is the one the gateway shows done: its amount, not the order's, is what was captured.
  const capture =
    actions.find((x) => x.type === "capture" && x.state === "succeeded") ??
    collected.find((s) => s.type === "capture" && s.state === "succeeded") ??
    actions.find((x) => x.type === "capture" && x.state === "in_flight");
  let authorizedMinor = payment.authorizedMinor;
  let capturedMinor = payment.capturedMinor;
  if (captured) {
    const c = capture?.amountMinor ?? view.orderAmountMinor;
    if (c !== null && c !== undefined) capturedMinor = Math.max(capturedMinor, c);
    authorizedMinor = Math.max(authorizedMinor, view.orderAmountMinor ?? 0, capturedMinor);
  } else if ((base === "authorized" || base === "voided") && view.orderAmountMinor !== null) {
    authorizedMinor = Math.max(authorizedMinor, view.orderAmountMinor);
  }
  let refundedMinor = payment.refundedMinor + newlyRefunded;
  if (captured && !refundRace) {
    // Refunds made outside the dashboard count too; a gateway that says "refunded" has refunded everything.
    if (view.refundedMinor !== null) refundedMinor = Math.max(refundedMinor, view.refundedMinor);
    if (base === "refunded") refundedMinor = Math.max(refundedMinor, capturedMinor);
  }
  if (refundedMinor > capturedMinor) {
    notes.push(`gateway refunded total ${refundedMinor} exceeds the captured ${capturedMinor}: refunded amount not changed`);
    refundedMinor = payment.refundedMinor;
  }
  if (authorizedMinor > payment.authorizedMinor) patch.authorizedMinor = authorizedMinor;
  if (capturedMinor > payment.capturedMinor) patch.capturedMinor = capturedMinor;
  if (refundedMinor > payment.refundedMinor) patch.refundedMinor = refundedMinor;

  // State: from the ledger's own numbers once they are settled, so that state and amounts agree.
  let target: PaymentStatus | null = base;
  if (captured)
    target = capturedMinor > 0 && refundedMinor >= capturedMinor ? "refunded" : refundedMinor > 0 ? "partially_refunded" : "captured";
  let steps: PaymentStatus[] = [];
  if (target && target !== payment.status) {
    const path = isPaymentStatus(payment.status) ? forwardPath(payment.status, target) : null;
    // Not reachable going forward: the report is older than the ledger (or contradicts it). Nothing about state,
    // amounts or actions is taken from it.
    if (!path) return { patch: infoPatch(payment, view), settlements: [], steps: [], ignoredBackward: target, notes };
    steps = path.slice(0, -1);
    patch.status = target;
  }
  if ((patch.status ?? payment.status) === "declined" && !payment.declineReason && view.declineReason)
    patch.declineReason = view.declineReason;
  return { patch: { ...patch, ...infoPatch(payment, view) }, settlements: collected, steps, ignoredBackward: null, notes };
}

/** What the gateway reports about the payment that the ledger does not have yet (no state, no money). */
function infoPatch(payment: PaymentRow, view: GatewayView): PaymentPatch {
  const patch: PaymentPatch = {};
  if (view.status && view.status !== payment.gatewayStatus) patch.gatewayStatus = view.status;
  if (view.recurringToken && view.recurringToken !== payment.recurringToken) patch.recurringToken = view.recurringToken;
  if (view.card && !payment.cardBin6 && !payment.cardLast4) {
    patch.cardBin6 = view.card.bin6;
    patch.cardLast4 = view.card.last4;
  }
  if (view.cardBrand && !payment.cardBrand) patch.cardBrand = view.cardBrand;
  if (view.cardExpiry && !payment.cardExpiry) patch.cardExpiry = view.cardExpiry;
  if (view.rrn && view.rrn !== payment.rrn) patch.rrn = view.rrn;
  return patch;
}

/**
 * The shortest chain of allowed forward moves from one state to another (the target last), or null. The gateway
 * reports only where a payment is now: a payment last seen awaiting 3-D Secure may since have been captured and
 * refunded, and the ledger walks it through those states one legal move at a time.
 */
/** Intermediate states in order of preference: money is captured before it is refunded; never via "unknown". */
const STEP_ORDER: readonly PaymentStatus[] = [
  "captured",
  "authorized",
  "awaiting_3ds",
  "partially_refunded",
  "refunded",
  "voided",
  "declined",
  "failed",
];

export function forwardPath(from: PaymentStatus, to: PaymentStatus): PaymentStatus[] | null {
  const previous = new Map<PaymentStatus, PaymentStatus>();
  const queue: PaymentStatus[] = [from];
  while (queue.length) {
    const s = queue.shift()!;
    if (s === to) {
      const path: PaymentStatus[] = [];
      for (let x: PaymentStatus = to; x !== from; x = previous.get(x)!) path.unshift(x);
      return path;
    }
    for (const next of STEP_ORDER) {
      if (next !== s && next !== from && !previous.has(next) && canMove(s, next)) {
        previous.set(next, s);
        queue.push(next);
      }
    }
  }
  return null;
}

function settle(a: PaymentActionRow | ActionSettlement, state: "succeeded" | "failed", message: string): ActionSettlement {
  return { id: a.id, type: a.type, amountMinor: a.amountMinor, state, message: `Settled with the gateway: ${message}` };
}

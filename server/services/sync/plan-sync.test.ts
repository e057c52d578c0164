// Rules guarded (pure planning of a sync): a payment only moves forward; a backwards report changes no state;
// amounts only grow and respect refunded ≤ captured ≤ authorized; a partial capture is not inflated to the order
// amount; unknown refunds are accepted oldest first only while they fit into the gateway's refunded total; refunds
// racing the query are left alone rather than guessed.
import { describe, expect, it } from "vitest";
import type { PaymentActionRow, PaymentRow } from "../../db/schema";
import type { GatewayView } from "./gateway-view";
import { forwardPath, planSync } from "./plan-sync";

const T0 = new Date("2025-01-01T00:00:00Z");
const ASKED = new Date("2025-01-01T01:00:00Z");

function payment(over: Partial<PaymentRow> = {}): PaymentRow {
  return {
    id: "p1",
    orderId: "o1",
    gatewayId: "g1",
    kind: "sale",
    status: "authorized",
    currency: "SAR",
    amountMinor: 10_000,
    authorizedMinor: 10_000,
    capturedMinor: 0,
    refundedMinor: 0,
    description: null,
    payerName: null,
    payerEmail: "a@b.c",
    payerPhone: null,
    payerIp: null,
    cardBin6: "411111",
    cardLast4: "1111",
    cardBrand: "VISA",
    cardExpiry: null,
    branchId: null,
    recurringToken: null,
    cardToken: null,
    parentPaymentId: null,
    declineReason: null,
    gatewayStatus: null,
    createdBy: null,
    createdAt: T0,
    updatedAt: T0,
    lastSyncedAt: null,
    ...over,
  } as PaymentRow;
}

let seq = 0;
function action(type: string, state: string, amountMinor: number, over: Partial<PaymentActionRow> = {}): PaymentActionRow {
  seq++;
  return {
    id: `a${seq}`,
    paymentId: "p1",
    type,
    method: null,
    state,
    amountMinor,
    currency: "SAR",
    gatewayRefId: null,
    reasonCode: null,
    note: null,
    outcomeMessage: null,
    idempotencyKey: `k${seq}`,
    requestHash: "h",
    requestedBy: "u",
    approvedBy: null,
    createdAt: new Date(T0.getTime() + seq * 1000),
    updatedAt: T0,
    completedAt: state === "succeeded" ? T0 : null,
    ...over,
  } as PaymentActionRow;
}

function view(status: string, over: Partial<GatewayView> = {}): GatewayView {
  return {
    status,
    orderAmountMinor: 10_000,
    refundedMinor: 0,
    recurringToken: null,
    declineReason: null,
    card: null,
    cardBrand: null,
    rrn: null,
    cardExpiry: null,
    customer: { name: null, email: null },
    description: null,
    notes: [],
    ...over,
  };
}

describe("planSync", () => {
  it("unknown capture: succeeded when the gateway shows the payment captured, with the capture's (partial) amount", () => {
    const plan = planSync(payment(), [action("capture", "unknown", 6_000)], view("settled"), ASKED);
    expect(plan.settlements).toMatchObject([{ type: "capture", state: "succeeded" }]);
    expect(plan.patch).toMatchObject({ status: "captured", capturedMinor: 6_000 });
    expect(plan.patch.authorizedMinor).toBeUndefined();
  });

  it("unknown capture: failed when the gateway still shows the authorization", () => {
    const plan = planSync(payment(), [action("capture", "unknown", 6_000)], view("pending"), ASKED);
    expect(plan.settlements).toMatchObject([{ state: "failed" }]);
    expect(plan.patch.status).toBeUndefined();
    expect(plan.patch.capturedMinor).toBeUndefined();
  });

  it("unknown capture: left unknown when the gateway's status names nothing we act on", () => {
    const plan = planSync(payment(), [action("capture", "unknown", 6_000)], view("PREPARE"), ASKED);
    expect(plan.settlements).toEqual([]);
  });

  it("unknown void: succeeded when voided, failed when the gateway shows it captured", () => {
    expect(planSync(payment(), [action("void", "unknown", 10_000)], view("voided"), ASKED)).toMatchObject({
      settlements: [{ state: "succeeded" }],
      patch: { status: "voided" },
    });
    expect(planSync(payment(), [action("void", "unknown", 10_000)], view("settled"), ASKED).settlements).toMatchObject([
      { state: "failed" },
    ]);
  });

  it("unknown refunds: accepted oldest first while they fit into the gateway's total beyond accepted ones, the rest failed", () => {
    const p = payment({ status: "partially_refunded", capturedMinor: 10_000, refundedMinor: 3_000 });
    const acts = [
      action("refund", "succeeded", 3_000),
      action("refund", "unknown", 2_000),
      action("refund", "unknown", 4_000),
      action("refund", "unknown", 1_000),
    ];
    const plan = planSync(p, acts, view("settled", { refundedMinor: 6_000 }), ASKED);
    expect(plan.settlements.map((s) => [s.amountMinor, s.state])).toEqual([
      [2_000, "succeeded"],
      [4_000, "failed"],
      [1_000, "succeeded"],
    ]);
    expect(plan.patch).toMatchObject({ refundedMinor: 6_000 });
    expect(plan.patch.status).toBeUndefined(); // still partially refunded
  });

  it("unknown refunds: a refund in flight or completed after the query makes the total ambiguous: nothing settled", () => {
    const p = payment({ status: "captured", capturedMinor: 10_000 });
    const inFlight = planSync(
      p,
      [action("refund", "in_flight", 1_000), action("refund", "unknown", 2_000)],
      view("settled", { refundedMinor: 3_000 }),
      ASKED,
    );
    expect(inFlight.settlements).toEqual([]);
    expect(inFlight.patch.refundedMinor).toBeUndefined();
    const late = action("refund", "succeeded", 1_000, { completedAt: new Date(ASKED.getTime() + 1) });
    const racing = planSync(
      { ...p, refundedMinor: 1_000 },
      [late, action("refund", "unknown", 2_000)],
      view("settled", { refundedMinor: 1_000 }),
      ASKED,
    );
    expect(racing.settlements).toEqual([]);
  });

  it("the whole amount refunded at the gateway makes the payment refunded", () => {
    const p = payment({ status: "captured", capturedMinor: 10_000 });
    const plan = planSync(p, [action("refund", "unknown", 10_000)], view("refunded", { refundedMinor: 10_000 }), ASKED);
    expect(plan.patch).toMatchObject({ status: "refunded", refundedMinor: 10_000 });
  });

  it("a backwards report changes no state and no amount", () => {
    const p = payment({ status: "refunded", capturedMinor: 10_000, refundedMinor: 10_000 });
    const plan = planSync(p, [], view("pending", { refundedMinor: 0 }), ASKED);
    expect(plan.ignoredBackward).toBe("authorized");
    expect(plan.patch.status).toBeUndefined();
    expect(plan.patch.refundedMinor).toBeUndefined();
    expect(plan.patch.capturedMinor).toBeUndefined();
  });

  it("an outcome-unknown sale settles to captured with the order amount", () => {
    const p = payment({ status: "unknown", authorizedMinor: 0 });
    const plan = planSync(p, [], view("settled"), ASKED);
    expect(plan.patch).toMatchObject({ status: "captured", authorizedMinor: 10_000, capturedMinor: 10_000 });
  });

  it("a refunded total above the captured amount is not written (the ledger's money rule holds)", () => {
    const p = payment({ status: "captured", capturedMinor: 5_000 });
    const plan = planSync(p, [action("capture", "succeeded", 5_000)], view("settled", { refundedMinor: 7_000 }), ASKED);
    expect(plan.patch.refundedMinor).toBeUndefined();
    expect(plan.notes.join()).toMatch(/exceeds/);
  });

  it("declined: the decline reason is recorded; the recurring token from the details is recorded", () => {
    const p = payment({ status: "awaiting_3ds", authorizedMinor: 0 });
    expect(planSync(p, [], view("TXN_FAILURE", { declineReason: "Issuer said no" }), ASKED).patch).toMatchObject({
      status: "declined",
      declineReason: "Issuer said no",
    });
    expect(planSync(payment(), [], view("pending", { recurringToken: "tok" }), ASKED).patch).toMatchObject({ recurringToken: "tok" });
  });

  it("search by RRN and settlement matching: the acquirer's RRN from a status answer is kept, and not rewritten when unchanged", () => {
    expect(planSync(payment(), [], view("settled", { rrn: "612345678901" }), ASKED).patch).toMatchObject({ rrn: "612345678901" });
    expect(planSync(payment({ rrn: "612345678901" }), [], view("settled", { rrn: "612345678901" }), ASKED).patch.rrn).toBeUndefined();
  });
});

describe("forwardPath", () => {
  it("walks through captured to a refund, never through unknown, and finds no way backwards", () => {
    expect(forwardPath("awaiting_3ds", "refunded")).toEqual(["captured", "refunded"]);
    expect(forwardPath("pending", "partially_refunded")).toEqual(["captured", "partially_refunded"]);
    expect(forwardPath("awaiting_3ds", "voided")).toEqual(["authorized", "voided"]);
    expect(forwardPath("refunded", "captured")).toBeNull();
    expect(forwardPath("voided", "captured")).toBeNull();
  });

  it("a payment last seen before the gateway captured and refunded it is walked forward, not left behind", () => {
    const plan = planSync(payment({ status: "awaiting_3ds", authorizedMinor: 0 }), [], view("refunded", { refundedMinor: 10_000 }), ASKED);
    expect(plan.steps).toEqual(["captured"]);
    expect(plan.patch).toMatchObject({ status: "refunded", capturedMinor: 10_000, refundedMinor: 10_000 });
  });

  it("a contradicting report (voided in the ledger, captured at the gateway) settles nothing and moves no money", () => {
    const plan = planSync(payment({ status: "voided" }), [action("capture", "unknown", 5_000)], view("settled"), ASKED);
    expect(plan).toMatchObject({ settlements: [], ignoredBackward: "captured" });
    expect(plan.patch).toEqual({ gatewayStatus: "settled" });
  });
  it("never concludes that an unknown action did not happen while the gateway could still process it (grace period)", () => {
    const p = payment({ status: "captured", capturedMinor: 10_000 });
    const fresh = { ...action("refund", "unknown", 2_000), updatedAt: new Date(ASKED.getTime() - 30_000) };
    const plan = planSync(p, [fresh], view("settled", { refundedMinor: 0 }), ASKED, 120_000);
    expect(plan.settlements).toEqual([]);
    expect(plan.notes.join(" ")).toMatch(/left unknown/);
    // Success needs no grace: a refund the gateway shows is recorded at once.
    expect(planSync(p, [fresh], view("settled", { refundedMinor: 2_000 }), ASKED, 120_000).settlements).toMatchObject([
      { state: "succeeded" },
    ]);
    // Past the grace, a refund the gateway does not show did not happen.
    const old = { ...fresh, updatedAt: new Date(ASKED.getTime() - 121_000) };
    expect(planSync(p, [old], view("settled", { refundedMinor: 0 }), ASKED, 120_000).settlements).toMatchObject([{ state: "failed" }]);
  });
});

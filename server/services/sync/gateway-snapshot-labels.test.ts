// Rules guarded: the "At the gateway" panel speaks the dashboard's language (no raw gateway enum is shown as the
// label; the raw value is kept beside it); a ledger that disagrees with the gateway is stated in one sentence.
import { describe, expect, it } from "vitest";
import { disagreement, gatewayLabel, WORDS } from "./gateway-snapshot-labels";
import type { GatewaySnapshot } from "./gateway-snapshot";

const snapshot = (status: string, refundStatus: string | null = "NONE"): GatewaySnapshot => ({
  status: { ok: true, view: { status, reason: null, date: null, rrn: null, brand: null } },
  details: {
    ok: true,
    businessUnits: [],
    view: {
      paymentStatus: null,
      transactionStatus: null,
      transactionType: null,
      card: null,
      cardExpiry: null,
      cardHolderName: null,
      totalRefundAmount: null,
      refundStatus,
      settlementStatus: null,
      declineReason: null,
    },
  },
});

describe("gateway labels", () => {
  it("turns the gateway's enums into words and keeps the raw value", () => {
    expect(gatewayLabel("transactionType", "PRE_AUTHORIZATION")).toEqual({
      label: "Authorization (captured later)",
      raw: "PRE_AUTHORIZATION",
    });
    expect(gatewayLabel("settlementStatus", "NOT_SETTLED")?.label).toBe("Not yet paid out");
    expect(gatewayLabel("status", "pending")?.label).toBe("Authorized, not captured");
    expect(gatewayLabel("status", "SETTLED")?.label).toBe("Captured");
    expect(gatewayLabel("status", "DECLINED")?.label).toBe("Declined");
  });

  it("an unknown value is shown in sentence case, never as an enum", () => {
    expect(gatewayLabel("paymentStatus", "SOMETHING_NEW")).toEqual({ label: "Something new", raw: "SOMETHING_NEW" });
    expect(gatewayLabel("status", "")).toBeNull();
  });
});

describe("ledger and gateway disagreement", () => {
  it("is stated when the gateway reports another state", () => {
    expect(disagreement(snapshot("SETTLED", "FULL"), "captured")).toBe(
      "The gateway reports Refunded; the ledger says Captured — sync to update.",
    );
  });
  it("is null when they agree or the gateway's word means nothing to the ledger", () => {
    expect(disagreement(snapshot("PENDING"), "authorized")).toBeNull();
    expect(disagreement(snapshot("SETTLED", "PARTIAL"), "partially_refunded")).toBeNull();
    expect(disagreement(snapshot("PREPARE"), "pending")).toBeNull();
  });
});

describe("the catalog's gateway words (#15)", () => {
  it("English catalog words equal the English defaults, and Arabic has a word for every value", async () => {
    const en = (await import("@/messages/en/payment.json")).default.gateway.words as Record<string, Record<string, string>>;
    const ar = (await import("@/messages/ar/payment.json")).default.gateway.words as Record<string, Record<string, string>>;
    expect(en).toEqual(WORDS);
    for (const [field, values] of Object.entries(WORDS)) expect(Object.keys(ar[field] ?? {}).sort()).toEqual(Object.keys(values).sort());
  });
});

// Rule guarded: the only way back in the ledger is a payment link starting to track a customer's new attempt, and
// only while the attempt it tracks moved no money. Any other payment, or a link that was paid (even if refunded
// since), never goes back to "pending" (a forged or late notification must not reopen money that moved).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PaymentRow } from "../db/schema";
import { acceptsNewLinkAttempt } from "./payments";
import { PAYMENT_STATUSES } from "@/lib/payment-status";

const row = (over: Partial<PaymentRow>): PaymentRow =>
  ({
    kind: "payment_link",
    gatewayId: "gw-1",
    status: "declined",
    authorizedMinor: 0,
    capturedMinor: 0,
    refundedMinor: 0,
    ...over,
  }) as PaymentRow;

describe("a payment link follows a new attempt", () => {
  it("accepts one while the tracked attempt is declined, waiting for 3-D Secure, pending or unknown, with no money moved", () => {
    for (const status of ["pending", "awaiting_3ds", "unknown", "declined"]) expect(acceptsNewLinkAttempt(row({ status }))).toBe(true);
  });

  it("refuses for any other kind of payment, whatever its state", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("sale", "s2s_sale", "token_sale", "recurring", "external"),
        fc.constantFrom(...PAYMENT_STATUSES),
        (kind, status) => !acceptsNewLinkAttempt(row({ kind, status })),
      ),
    );
  });

  it("refuses once money moved, or when the link was never created (no gateway id)", () => {
    for (const status of ["authorized", "captured", "partially_refunded", "refunded", "voided", "failed"]) {
      expect(acceptsNewLinkAttempt(row({ status }))).toBe(false);
    }
    expect(acceptsNewLinkAttempt(row({ status: "unknown", authorizedMinor: 100 }))).toBe(false);
    expect(acceptsNewLinkAttempt(row({ status: "unknown", capturedMinor: 100 }))).toBe(false);
    expect(acceptsNewLinkAttempt(row({ status: "pending", gatewayId: null }))).toBe(false);
  });
});

// Rule guarded: a payment's state only moves forward along the contract's transitions; a late or replayed
// notification, or a status query, can never move it back (e.g. refunded → captured, voided → authorized).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PAYMENT_STATUSES, type PaymentStatus } from "@/lib/payment-status";
import { canMove, statusFromGateway, TERMINAL } from "./states";

const none = { any: false, full: false };

describe("payment state machine", () => {
  it("allows the contract's forward transitions", () => {
    expect(canMove("pending", "awaiting_3ds")).toBe(true);
    expect(canMove("awaiting_3ds", "authorized")).toBe(true);
    expect(canMove("authorized", "captured")).toBe(true);
    expect(canMove("authorized", "voided")).toBe(true);
    expect(canMove("captured", "partially_refunded")).toBe(true);
    expect(canMove("partially_refunded", "refunded")).toBe(true);
    expect(canMove("unknown", "captured")).toBe(true);
  });
  it("refuses every move backwards or out of a terminal state", () => {
    expect(canMove("refunded", "captured")).toBe(false);
    expect(canMove("captured", "authorized")).toBe(false);
    expect(canMove("voided", "authorized")).toBe(false);
    expect(canMove("declined", "captured")).toBe(false);
    expect(canMove("captured", "voided")).toBe(false);
    for (const t of TERMINAL) for (const s of PAYMENT_STATUSES) if (s !== t) expect(canMove(t, s)).toBe(false);
  });
  it("never cycles: any sequence of allowed moves visits each state at most once (except partial refunds)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PAYMENT_STATUSES), { maxLength: 30 }), (targets) => {
        let s: PaymentStatus = "pending";
        const seen = new Set<PaymentStatus>([s]);
        for (const t of targets) {
          if (t !== s && canMove(s, t)) {
            expect(seen.has(t)).toBe(false);
            seen.add(t);
            s = t;
          }
        }
      }),
      { numRuns: 2_000 },
    );
  });
  it("has no cycle at all between different states (checked exhaustively)", () => {
    const visiting = new Set<PaymentStatus>();
    const done = new Set<PaymentStatus>();
    const visit = (s: PaymentStatus): void => {
      expect(visiting.has(s), `cycle through ${s}`).toBe(false);
      if (done.has(s)) return;
      visiting.add(s);
      for (const t of PAYMENT_STATUSES) if (t !== s && canMove(s, t)) visit(t);
      visiting.delete(s);
      done.add(s);
    };
    for (const s of PAYMENT_STATUSES) visit(s);
  });
  it("reads gateway statuses (status query, sandbox, protocol family, callbacks)", () => {
    expect(statusFromGateway({ status: "settled" }, none)).toBe("captured");
    expect(statusFromGateway({ status: "settled" }, { any: true, full: false })).toBe("partially_refunded");
    expect(statusFromGateway({ status: "TXN_FAILURE" }, none)).toBe("declined");
    expect(statusFromGateway({ status: "pending" }, none)).toBe("authorized");
    expect(statusFromGateway({ result: "DECLINED", status: "PENDING" }, none)).toBeNull();
    expect(statusFromGateway({ result: "SUCCESS", status: "REFUND" }, none)).toBe("refunded");
    expect(statusFromGateway({ result: "SUCCESS", status: "VOID" }, none)).toBe("voided");
    expect(statusFromGateway({ status: "redirect" }, none)).toBe("awaiting_3ds");
    expect(statusFromGateway({ status: "CHARGEBACK" }, none)).toBeNull();
  });
});

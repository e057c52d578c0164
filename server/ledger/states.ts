// A payment's states and the only moves allowed between them: forward along the contract's section 3
// transitions, never back. Notifications, status queries and money actions all go through `canMove`. The names and
// labels of the states are browser-safe vocabulary in lib/payment-status.ts.
import type { PaymentStatus } from "@/lib/payment-status";

export const TERMINAL: ReadonlySet<PaymentStatus> = new Set(["refunded", "voided", "declined", "failed"]);

const NEXT: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ["awaiting_3ds", "unknown", "authorized", "captured", "declined", "failed"],
  // An unknown outcome is settled by a status query, which may find the payment anywhere along its way.
  unknown: ["awaiting_3ds", "authorized", "captured", "partially_refunded", "refunded", "voided", "declined", "failed"],
  // A 3-D Secure step that goes unanswered stays here; the reconciler queries it (no way back to "unknown").
  awaiting_3ds: ["authorized", "captured", "declined", "failed"],
  authorized: ["captured", "voided", "partially_refunded", "refunded"],
  captured: ["partially_refunded", "refunded"],
  partially_refunded: ["partially_refunded", "refunded"],
  refunded: [],
  voided: [],
  declined: [],
  failed: [],
};

/** Whether a payment may move from one state to another (staying put is always allowed). */
export function canMove(from: PaymentStatus, to: PaymentStatus): boolean {
  return from === to || NEXT[from].includes(to);
}

/**
 * The ledger state that a gateway status names (status query 2.5, sandbox values, protocol-family statuses and
 * callback result/status pairs), or null when it names none we act on.
 */
export function statusFromGateway(
  raw: { status?: string | null; result?: string | null },
  refunded: { any: boolean; full: boolean },
): PaymentStatus | null {
  const status = (raw.status ?? "").trim().toUpperCase();
  const result = (raw.result ?? "").trim().toUpperCase();
  if (result === "DECLINED" && status !== "SETTLED" && status !== "PENDING") return "declined";
  switch (status) {
    case "REDIRECT":
    case "3DS":
      return "awaiting_3ds";
    case "PENDING":
      return result === "DECLINED" ? null : "authorized"; // DECLINED+PENDING is a refused capture: still authorized
    case "SETTLED":
    case "SUCCESS":
      return refunded.full ? "refunded" : refunded.any ? "partially_refunded" : "captured";
    case "REFUND":
    case "REVERSAL":
    case "REFUNDED":
      return "refunded";
    case "VOID":
    case "VOIDED":
      return "voided";
    case "TXN_FAILURE":
    case "DECLINED":
      return "declined";
    default:
      return null;
  }
}

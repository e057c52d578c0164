// A payment's states and the only moves allowed between them: forward along the contract's section 3
// transitions, never back. Notifications, status queries and money actions all go through `canMove`.

export const PAYMENT_STATUSES = [
  "pending",
  "awaiting_3ds",
  "unknown",
  "authorized",
  "captured",
  "partially_refunded",
  "refunded",
  "voided",
  "declined",
  "failed",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

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

export function isPaymentStatus(s: string): s is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(s);
}

/**
 * The ledger state that a gateway status names (status query 2.5, sandbox values, protocol-family statuses and
 * callback result/status pairs), or null when it names none we act on.
 */
export function statusFromGateway(raw: { status?: string | null; result?: string | null }, refunded: { any: boolean; full: boolean }): PaymentStatus | null {
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

/** Labels for people. */
export const STATUS_LABEL: Record<PaymentStatus, string> = {
  pending: "Pending",
  awaiting_3ds: "Awaiting 3-D Secure",
  unknown: "Outcome unknown",
  authorized: "Authorized",
  captured: "Captured",
  partially_refunded: "Partially refunded",
  refunded: "Refunded",
  voided: "Voided",
  declined: "Declined",
  failed: "Failed",
};

// A payment's states as the ledger names them, and their labels for people. Browser-safe vocabulary shared by
// the filters, the badges and the server's ledger (server/ledger/states.ts holds the moves between them).

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

export function isPaymentStatus(s: string): s is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(s);
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

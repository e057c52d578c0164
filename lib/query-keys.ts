// The TanStack Query keys of the dashboard's client data, in one place: a poll and whatever invalidates it agree.
export const queryKeys = {
  /** The outcome of a card payment after its 3-D Secure step (POST /api/payments/:id/confirm: a status query). */
  paymentOutcome: (paymentId: string) => ["payments", paymentId, "outcome"] as const,
  /** The payment links and their states (GET /api/payments/links). */
  paymentLinks: () => ["payment-links"] as const,
};

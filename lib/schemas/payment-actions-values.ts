// Words of the money-action dialogs, without zod (the dialogs load zod lazily, on first validation).
export const REASON_LABELS: Record<string, string> = {
  customer_request: "Customer request",
  duplicate: "Duplicate payment",
  fraudulent: "Fraudulent payment",
  product_not_delivered: "Product not delivered",
  service_issue: "Service issue",
  other: "Other",
};

/** The answer of a capture, void or refund route: the action's state and the server's message about it. */
export interface ActionResult {
  state: string;
  message: string;
}

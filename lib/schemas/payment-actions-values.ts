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

/**
 * A refund reason for people. The codes are configurable (REFUND_REASONS), so a code without a label here is
 * still shown readably: `goods_not_received` → "Goods not received".
 */
export function reasonLabel(code: string): string {
  const known = Object.prototype.hasOwnProperty.call(REASON_LABELS, code) ? REASON_LABELS[code] : undefined;
  if (known) return known;
  const words = code.replace(/[_-]+/g, " ").replace(/\s+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : code;
}

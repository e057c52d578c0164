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
  /** "capture", "void", "refund": lets the page word a known outcome in the reader's language. */
  type?: string;
}

/** The catalog key (moneyActions.result.*) of an outcome said the same way whatever the gateway answered, or null. */
export function actionResultKey(r: ActionResult): "capture" | "void" | "refund" | "pendingApproval" | "inFlight" | null {
  if (r.state === "pending_approval") return "pendingApproval";
  if (r.state === "in_flight") return "inFlight";
  if (r.state === "succeeded" && (r.type === "capture" || r.type === "void" || r.type === "refund")) return r.type;
  return null;
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

/** A capture's, void's or refund's state for people (payment page, refunds page), with its badge tone. */
export const ACTION_STATE: Record<string, { label: string; tone: "success" | "warning" | "danger" | "info" | "neutral" }> = {
  pending_approval: { label: "Waiting for approval", tone: "warning" },
  in_flight: { label: "Sent, waiting for the gateway", tone: "info" },
  succeeded: { label: "Succeeded", tone: "success" },
  declined: { label: "Declined", tone: "danger" },
  failed: { label: "Failed", tone: "danger" },
  unknown: { label: "Outcome unknown", tone: "warning" },
  rejected: { label: "Rejected", tone: "neutral" },
};

export function actionStateLabel(state: string): string {
  return ACTION_STATE[state]?.label ?? state.replace(/_/g, " ");
}

/** "Capture", "Void", "Refund". */
export function actionTypeLabel(type: string): string {
  return type ? type[0]!.toUpperCase() + type.slice(1) : type;
}

/** The submit shortcut every money dialog names: ⌘+Enter on Apple systems, Ctrl+Enter elsewhere. */
export function submitShortcut(platform: string): string {
  return /Mac|iPhone|iPad|iPod/i.test(platform) ? "⌘+Enter" : "Ctrl+Enter";
}

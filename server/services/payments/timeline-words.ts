// The timeline's words (timeline.ts): what each gateway operation, answer, notification and action outcome is
// called for people. No raw enum reaches the page; an unknown value is turned into words by the caller.
import type { TimelineTone } from "./timeline";

export const ACTION_NOUN: Record<string, string> = { capture: "Capture", void: "Void", refund: "Refund" };

export const SENT: Record<string, string> = {
  sale: "Payment sent to the gateway",
  token_sale: "Payment with a saved card sent to the gateway",
  s2s_sale: "Payment sent to the gateway",
  recurring_sale: "Recurring charge sent to the gateway",
  recurring_v2: "Recurring charge sent to the gateway",
  initiate: "Payment page opened at the gateway",
  collector: "3-D Secure page requested from the gateway",
  capture: "Capture sent to the gateway",
  void: "Void sent to the gateway",
  creditvoid: "Refund sent to the gateway",
  partial_refund: "Refund sent to the gateway",
};

export const ANSWER: Record<string, [string, TimelineTone]> = {
  success: ["The gateway accepted it", "success"],
  declined: ["The gateway declined it", "warning"],
  gateway_error: ["The gateway refused the request", "danger"],
  transport: ["The gateway did not answer", "danger"],
};

export const NOTIFIED: Record<string, string> = {
  SALE: "Sale",
  CAPTURE: "Capture",
  VOID: "Void",
  CREDITVOID: "Refund",
  REFUND: "Refund",
  RECURRING_SALE: "Recurring charge",
  "3DS": "3-D Secure",
};

export const RESULT: Record<string, string> = {
  SUCCESS: "succeeded",
  DECLINED: "was declined",
  ERROR: "failed",
  REDIRECT: "needs 3-D Secure",
  ACCEPTED: "was accepted",
  UNDEFINED: "is pending",
};

export const OUTCOME: Record<string, [string, TimelineTone]> = {
  succeeded: ["succeeded", "success"],
  declined: ["was declined", "danger"],
  failed: ["failed", "danger"],
};

/** What the dashboard did with a notification (process-notification.ts ProcessingResult), in words. */
export const PROCESSED: Record<string, string> = {
  applied: "the ledger was updated after checking with the gateway",
  no_change: "the ledger already agreed",
  created_external: "entered in the ledger after the gateway confirmed it",
  unknown_payment: "no such payment in the ledger",
  invalid_hash: "ignored: the signature did not match",
  unverifiable: "waiting to be checked with the gateway",
};

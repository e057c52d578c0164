// Words for people: payment types and the badge tone of each status. Browser-safe.
import type { BadgeTone } from "@/lib/tone";
import { STATUS_LABEL, type PaymentStatus } from "@/lib/payment-status";

export { STATUS_LABEL };

/**
 * Known payment types (payments.kind) and their labels. The filter accepts any well-formed type, so a kind the
 * ledger starts writing later is still filterable; it is shown by its raw name until it gets a label here.
 */
/** How a payment came to be: the `kind` the ledger writes (the payment flows and the notification sync). */
export const KIND_LABEL: Record<string, string> = {
  sale: "Card payment (card saved)",
  s2s_sale: "Card payment",
  payment_link: "Payment link",
  token_sale: "Saved card",
  recurring: "Recurring charge",
  external: "Merchant website",
};

export function kindLabel(kind: string): string {
  return KIND_LABEL[kind] ?? kind;
}

/**
 * The list's short type labels (the table must fit at 1280 px); the long label goes in the cell's title. A kind without a short label shows its long one.
 */
export const KIND_SHORT_LABEL: Record<string, string> = {
  sale: "Card payment",
  s2s_sale: "Card payment",
  payment_link: "Payment link",
  token_sale: "Saved card",
  recurring: "Recurring",
  external: "Website",
};

export function kindShortLabel(kind: string): string {
  return KIND_SHORT_LABEL[kind] ?? kindLabel(kind);
}

export const STATUS_TONE: Record<PaymentStatus, BadgeTone> = {
  pending: "neutral",
  awaiting_3ds: "info",
  unknown: "warning",
  authorized: "info",
  captured: "success",
  partially_refunded: "warning",
  refunded: "neutral",
  voided: "neutral",
  declined: "danger",
  failed: "danger",
};

export function statusLabel(status: string): string {
  return (STATUS_LABEL as Record<string, string>)[status] ?? status;
}

export function statusTone(status: string): BadgeTone {
  return (STATUS_TONE as Record<string, BadgeTone>)[status] ?? "neutral";
}

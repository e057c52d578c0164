// The pieces audit sentences are built from: a sentence is a list of parts, plain text or a left-to-right value
// (amount, order id, e-mail, id) that the page wraps in <bdi dir="ltr">. Readers of an entry's summary are forgiving:
// a missing or odd field gives null, never a throw (old rows keep their old shapes).
import "server-only";
import { formatMoney, isCurrencyCode } from "@/lib/money";
import { isPaymentStatus, STATUS_LABEL } from "@/lib/payment-status";

export type Part = string | { ltr: string };
export type Sentence = Part[];

export interface Entry {
  action: string;
  targetType: string | null;
  targetId: string | null;
  summary: Record<string, unknown>;
  /** The order id of the payment the entry targets, when the page looked it up (summaries do not always carry it). */
  orderId?: string | null;
}

export const ltr = (value: string): Part => ({ ltr: value });

export function str(s: Record<string, unknown>, key: string): string | null {
  const v = s[key];
  return typeof v === "string" && v.trim() ? v : typeof v === "number" ? String(v) : null;
}

export function num(s: Record<string, unknown>, key: string): number | null {
  const v = s[key];
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

export function list(s: Record<string, unknown>, key: string): string[] | null {
  const v = s[key];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : null;
}

/** "SAR 2,000.00" from amountMinor and currency, or the already formatted `amount`, or null. */
export function amountOf(s: Record<string, unknown>): string | null {
  const minor = num(s, "amountMinor");
  const currency = str(s, "currency");
  if (minor !== null && currency && isCurrencyCode(currency)) return formatMoney({ minor, currency });
  return str(s, "amount");
}

/** " of SAR 2,000.00" (or nothing when the entry has no amount). */
export function ofAmount(s: Record<string, unknown>): Sentence {
  const a = amountOf(s);
  return a ? [" of ", ltr(a)] : [];
}

/** " for order ORD-1" from the summary or the looked-up payment (or nothing). */
export function forOrder(e: Entry): Sentence {
  const order = str(e.summary, "orderId") ?? e.orderId ?? null;
  return order ? [" for order ", ltr(order)] : [];
}

export function statusLabel(status: string | null): string | null {
  if (!status) return null;
  return isPaymentStatus(status) ? STATUS_LABEL[status].toLowerCase() : status.replace(/_/g, " ");
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/** "a, b and c"; "none" for an empty list. */
export function names(items: readonly string[]): string {
  if (items.length === 0) return "none";
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** A sentence's plain text (tests, CSV, titles). */
export const plainText = (s: Sentence) => s.map((p) => (typeof p === "string" ? p : p.ltr)).join("");

// Payment links' dates (contract 8) and order ids, without zod (the link form loads zod lazily). A link's dates are
// calendar days of the business time zone (REPORT_TIME_ZONE), like every date staff read; the contract does not say
// which zone the gateway counts its days in (the sandbox counts in UTC, which in the Gulf closes a link a few hours
// after the business's midnight, never before it).
import { todayInZone } from "@/lib/transactions/zoned-time";

const DAY_MS = 86_400_000;

/** The UTC calendar day of an instant, YYYY-MM-DD (date arithmetic; "today" for staff is todayInZone). */
export function isoDay(at: Date = new Date()): string {
  return at.toISOString().slice(0, 10);
}

/** `day` (YYYY-MM-DD) plus `days` days. */
export function addDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** Contract 8: issueDate defaults to today (in `zone`), expireDate to issueDate + 7 days. */
export function linkDates(
  input: { issueDate?: string; expireDate?: string },
  today: Date,
  zone: string,
): { issueDate: string; expireDate: string } {
  const issueDate = input.issueDate || todayInZone(zone, today);
  return { issueDate, expireDate: input.expireDate || addDays(issueDate, 7) };
}

/** A new order id, unique enough to be generated in the browser (the database's unique index has the last word). */
export function newLinkOrderId(at: Date = new Date()): string {
  const bytes = new Uint8Array(5);
  globalThis.crypto.getRandomValues(bytes);
  const rand = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `PL-${isoDay(at).replaceAll("-", "")}-${rand}`.toUpperCase();
}

// Payment links' dates (contract 8) and order ids, without zod (the link form loads zod lazily).
const DAY_MS = 86_400_000;

/** Today as YYYY-MM-DD (UTC, the day the gateway counts in). */
export function isoDay(at: Date = new Date()): string {
  return at.toISOString().slice(0, 10);
}

/** `day` (YYYY-MM-DD) plus `days` days. */
export function addDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** Contract 8: issueDate defaults to today, expireDate to issueDate + 7 days. */
export function linkDates(
  input: { issueDate?: string; expireDate?: string },
  today: Date = new Date(),
): { issueDate: string; expireDate: string } {
  const issueDate = input.issueDate || isoDay(today);
  return { issueDate, expireDate: input.expireDate || addDays(issueDate, 7) };
}

/** A new order id, unique enough to be generated in the browser (the database's unique index has the last word). */
export function newLinkOrderId(at: Date = new Date()): string {
  const bytes = new Uint8Array(5);
  globalThis.crypto.getRandomValues(bytes);
  const rand = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `PL-${isoDay(at).replaceAll("-", "")}-${rand}`.toUpperCase();
}

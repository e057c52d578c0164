// The ledger events a figure counts, and the Transactions list's link to exactly the payments behind a figure:
// `/transactions?activity=refunds&from=…&to=…&tz=…` lists the payments that had that event in those days (a
// capture, refund or void when it completed; a sale, decline or outcome when the payment was made). Browser-safe.
import type { OverviewFilter } from "./figures";

export const ACTIVITIES = ["gross", "sales", "captures", "refunds", "voids", "declines", "attempts", "approved"] as const;
export type Activity = (typeof ACTIVITIES)[number];

export const ACTIVITY_LABEL: Record<Activity, string> = {
  gross: "Payments that took money",
  sales: "Sales",
  captures: "Captures",
  refunds: "Refunds",
  voids: "Voids",
  declines: "Declines",
  attempts: "Payment attempts",
  approved: "Approved payments",
};

export function isActivity(value: string): value is Activity {
  return (ACTIVITIES as readonly string[]).includes(value);
}

/** The Transactions list of the payments behind a figure: its event, days (inclusive), zone and filters. */
export function activityHref(
  activity: Activity,
  days: { firstDay: string; lastDay: string },
  timeZone: string,
  /** brand: as the ledger spells it (VC, MC, MADA …), or "none" for payments whose brand is not known; branchId "none": no branch. */
  filter: OverviewFilter & { brand?: string } = {},
): string {
  const q = new URLSearchParams({ activity, from: days.firstDay, to: days.lastDay, tz: timeZone });
  if (filter.currency) q.set("currency", filter.currency);
  if (filter.branchId) q.set("branch", filter.branchId);
  if (filter.brand) q.set("brand", filter.brand);
  return `/transactions?${q.toString()}`;
}

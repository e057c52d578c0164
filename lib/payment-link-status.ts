// What staff see for a payment link, from its ledger payment and its dates: paid once the gateway confirmed the money,
// expired after its last day, or cancelled by staff. Zod-free and browser-safe: the links list, the search popup (a
// lazy chunk that must not pull zod in) and the services read the same rules.
import type { BadgeTone } from "@/lib/tone";

export type LinkStatus = "waiting" | "paid" | "expired" | "failed" | "cancelled";

const PAID: ReadonlySet<string> = new Set(["authorized", "captured", "partially_refunded", "refunded", "voided"]);

/** The badge tone of each link status (the links list and search results paint them alike). */
export const LINK_STATUS_TONE: Record<LinkStatus, BadgeTone> = {
  waiting: "info",
  paid: "success",
  expired: "neutral",
  failed: "danger",
  cancelled: "neutral",
};

/** `today`: the business zone's calendar day (todayInZone). */
export function linkStatus(paymentStatus: string, expireDate: string | null, today: string, cancelled = false): LinkStatus {
  if (PAID.has(paymentStatus)) return "paid";
  if (cancelled) return "cancelled";
  if (paymentStatus === "failed" || !expireDate) return "failed";
  return today > expireDate ? "expired" : "waiting";
}

/** A link may be cancelled only while the customer can still pay it (an expired link the gateway already refuses). */
export function linkCancellable(status: LinkStatus): boolean {
  return status === "waiting";
}

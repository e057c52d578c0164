// Which clock a person reads dates in. Browser-safe: the server resolves it per request (server/i18n/display-zone.ts)
// and hands it to the client (components/i18n/ui-prefs.tsx), so a page renders the same text on both sides.
//
// One business time zone (REPORT_TIME_ZONE) for every screen, filter, export and schedule: finance's daily closing,
// the transactions list and the CSV all agree on which day a payment made at 01:30 Riyadh time belongs to. A person
// may choose to read times in their browser's zone instead; exports and schedules keep the business zone.
import { canonicalTimeZone } from "@/lib/transactions/zoned-time";
import type { TimeZoneChoice } from "./languages";

/** The cookie in which the browser tells the server its own zone (components/list/time-zone-sync.tsx sets it). */
export const BROWSER_ZONE_COOKIE = "tz";

export interface DisplayZone {
  /** The zone dates are shown and filtered in for this person. */
  zone: string;
  /** The business zone (REPORT_TIME_ZONE): exports, schedules, reports. */
  business: string;
  /** What the person chose; "browser" with an unknown browser zone shows the business zone until the browser says. */
  choice: TimeZoneChoice;
}

export function resolveDisplayZone(input: {
  choice: TimeZoneChoice;
  browserZone: string | null | undefined;
  businessZone: string;
}): DisplayZone {
  const browser = input.choice === "browser" ? canonicalTimeZone(input.browserZone ?? "") : null;
  return { zone: browser ?? input.businessZone, business: input.businessZone, choice: input.choice };
}

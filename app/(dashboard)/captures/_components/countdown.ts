// An authorization's time left before the issuer releases it, as the Captures screen shows it: "expires in 2 days",
// "expires in 5 hours" (urgent under 24 hours), "expired 3 hours ago" (the page words "expires"/"expired" from the
// captures catalog around the relative time, formatted in the reader's locale). Computed on the server at render (the
// page is dynamic), so the countdown costs no JavaScript.
export interface Countdown {
  /** The relative time alone, in `locale`: "in 2 days", "3 hours ago" ("خلال يومين", "قبل 3 ساعات"). */
  when: string;
  urgency: "ok" | "soon" | "expired";
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

export function countdown(expiresAt: Date, now: Date, locale = "en"): Countdown {
  const left = expiresAt.getTime() - now.getTime();
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: "always" });
  const abs = Math.abs(left);
  const [unit, ms] = UNITS.find(([, size]) => abs >= size) ?? UNITS[UNITS.length - 1]!;
  const n = Math.max(1, Math.floor(abs / ms));
  if (left <= 0) {
    const when = rtf.format(-n, unit);
    return { when, urgency: "expired" };
  }
  const when = rtf.format(n, unit);
  return { when, urgency: left < 86_400_000 ? "soon" : "ok" };
}

// The reporting periods of the Overview and the reports, in the merchant's reporting time zone (REPORT_TIME_ZONE):
// a preset or a custom range of calendar days, resolved to instants [from, to) and compared with the previous
// period of the same length. Browser-safe: the period picker and the server read the same rules.
import { canonicalTimeZone, isCalendarDate, nextCalendarDate, startOfDayInZone, wallClock } from "@/lib/transactions/zoned-time";

export const PERIOD_PRESETS = ["today", "yesterday", "7d", "30d", "month", "custom"] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** The longest custom range a person may ask for (a year and a day: a leap year's closing report). */
export const MAX_PERIOD_DAYS = 367;

export interface DayRange {
  /** First calendar day (YYYY-MM-DD, in the reporting zone). */
  firstDay: string;
  /** Last calendar day, inclusive. */
  lastDay: string;
  /** Instants: local midnight of firstDay (inclusive) to local midnight after lastDay (exclusive). */
  from: Date;
  to: Date;
  days: number;
}

export interface ResolvedPeriod extends DayRange {
  preset: PeriodPreset;
  timeZone: string;
  /** One day: charts go per hour instead of per day. */
  hourly: boolean;
  /** The period of the same number of days just before this one. */
  previous: DayRange;
}

/** What is wrong with a custom range (the catalogs word it: overview.errors.<code>). */
export type PeriodErrorCode = "from" | "to" | "order" | "tooLong";

export class PeriodError extends Error {
  override name = "PeriodError";
  constructor(
    message: string,
    readonly code: PeriodErrorCode,
  ) {
    super(message);
  }
}

const DAY_MS = 86_400_000;

/** The calendar day (YYYY-MM-DD) in `zone` at an instant. */
export function dayInZone(instant: Date, zone: string): string {
  const w = wallClock(instant.getTime(), zone);
  return `${String(w.year).padStart(4, "0")}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}

/** A calendar day `n` days after (negative: before) another. */
export function addDays(day: string, n: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) + n * DAY_MS;
  return new Date(t).toISOString().slice(0, 10);
}

/** Days from `a` to `b` inclusive. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS) + 1;
}

export function dayRange(firstDay: string, lastDay: string, zone: string): DayRange {
  return {
    firstDay,
    lastDay,
    from: startOfDayInZone(firstDay, zone),
    to: startOfDayInZone(nextCalendarDate(lastDay), zone),
    days: daysBetween(firstDay, lastDay),
  };
}

/**
 * A period from the page's query: a preset, or `custom` with `from` and `to` calendar days (inclusive). `now`
 * decides what "today" is. A bad custom range throws PeriodError with a sentence for people.
 */
export function resolvePeriod(
  q: { period?: string | null; from?: string | null; to?: string | null },
  zone: string,
  now: Date,
): ResolvedPeriod {
  const preset: PeriodPreset = (PERIOD_PRESETS as readonly string[]).includes(q.period ?? "")
    ? (q.period as PeriodPreset)
    : q.from || q.to
      ? "custom"
      : "30d";
  const today = dayInZone(now, zone);
  let first: string;
  let last: string;
  switch (preset) {
    case "today":
      first = last = today;
      break;
    case "yesterday":
      first = last = addDays(today, -1);
      break;
    case "7d":
      first = addDays(today, -6);
      last = today;
      break;
    case "30d":
      first = addDays(today, -29);
      last = today;
      break;
    case "month":
      first = `${today.slice(0, 8)}01`;
      last = today;
      break;
    case "custom": {
      const from = (q.from ?? "").trim();
      const to = (q.to ?? "").trim() || from;
      if (!isCalendarDate(from)) throw new PeriodError("Choose the first day of the range.", "from");
      if (!isCalendarDate(to)) throw new PeriodError("The last day of the range is not a date.", "to");
      if (to < from) throw new PeriodError("The range ends before it starts.", "order");
      if (daysBetween(from, to) > MAX_PERIOD_DAYS) throw new PeriodError(`Choose at most ${MAX_PERIOD_DAYS} days.`, "tooLong");
      first = from;
      last = to;
      break;
    }
  }
  const range = dayRange(first, last, zone);
  const prevLast = addDays(first, -1);
  return {
    ...range,
    preset,
    timeZone: zone,
    hourly: range.days === 1,
    previous: dayRange(addDays(prevLast, -(range.days - 1)), prevLast, zone),
  };
}

/**
 * Whether a zone's offset from UTC is a whole number of hours all year (the ledger's rollup counts per UTC hour,
 * so a report day must start on an hour). True for every zone of the Gulf; false for e.g. Asia/Kolkata (+5:30).
 */
export function hasWholeHourOffsets(zone: string, year: number): boolean {
  for (let month = 0; month < 12; month++) {
    for (const day of [1, 15]) {
      const t = Date.UTC(year, month, day, 12);
      const w = wallClock(t, zone);
      const offsetMinutes = Math.round((Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - t) / 60_000);
      if (offsetMinutes % 60 !== 0) return false;
    }
  }
  return true;
}

/** The reporting zone's canonical name, or an error sentence (config validation). */
export function checkReportTimeZone(zone: string, now: Date): { zone: string } | { error: string } {
  const canonical = canonicalTimeZone(zone);
  if (!canonical) return { error: `${zone} is not an IANA time zone (e.g. Asia/Riyadh)` };
  const year = now.getUTCFullYear();
  if (!hasWholeHourOffsets(canonical, year) || !hasWholeHourOffsets(canonical, year + 1)) {
    return { error: `${canonical} is not a whole number of hours from UTC; reports need a zone that is (e.g. Asia/Riyadh, Asia/Dubai)` };
  }
  return { zone: canonical };
}

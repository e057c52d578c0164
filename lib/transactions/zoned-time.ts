// Dates in the user's time zone, computed exactly from the IANA database that Intl carries (no offsets guessed,
// daylight-saving days included). Browser-safe: the list's date filter, its table and the CSV export share it.

const MAX_ZONE_LENGTH = 64;
const partsCache = new Map<string, Intl.DateTimeFormat>();

/** The canonical name of an IANA time zone ("utc" → "UTC"), or null when Intl does not know it. */
export function canonicalTimeZone(zone: string): string | null {
  if (!zone || zone.length > MAX_ZONE_LENGTH || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function isValidTimeZone(zone: string): boolean {
  return canonicalTimeZone(zone) !== null;
}

function formatter(zone: string): Intl.DateTimeFormat {
  let f = partsCache.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsCache.set(zone, f);
  }
  return f;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock reading in `zone` at an instant (second precision). */
export function wallClock(instantMs: number, zone: string): WallClock {
  const out: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(instantMs))) {
    if (p.type !== "literal") out[p.type] = Number(p.value);
  }
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour! % 24, minute: out.minute!, second: out.second! };
}

/** The zone's offset from UTC at an instant, in milliseconds (Riyadh: +3 h). */
function offsetMs(instantMs: number, zone: string): number {
  const w = wallClock(instantMs, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a YYYY-MM-DD string names a real calendar day. */
export function isCalendarDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1970 && y <= 9999 && t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/**
 * The first instant of a calendar day in a zone: local midnight, or the moment the clocks jump when that day's
 * midnight does not exist (e.g. America/Santiago on a spring-forward day), or the earlier of two midnights when
 * the clocks fall back across it.
 */
export function startOfDayInZone(date: string, zone: string): Date {
  const m = DATE_RE.exec(date);
  if (!m || !isCalendarDate(date)) throw new RangeError(`not a calendar date: ${date}`);
  const target = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // Every offset the zone has around that day; the answer is target − one of them.
  const offsets = new Set([offsetMs(target - DAY_MS, zone), offsetMs(target, zone), offsetMs(target + DAY_MS, zone)]);
  let best: number | null = null;
  for (const o of offsets) {
    const candidate = target - o;
    const local = candidate + offsetMs(candidate, zone);
    if (local >= target && (best === null || candidate < best)) best = candidate;
  }
  // A candidate always qualifies (the largest offset lands at or after local midnight).
  return new Date(best!);
}

/** The calendar day after a YYYY-MM-DD date. */
export function nextCalendarDate(date: string): string {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`not a calendar date: ${date}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1)).toISOString().slice(0, 10);
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

// Offsets per 15-minute slice of time, per zone: an export formats a million dates, and asking Intl for each one
// costs more than the rest of the row. A slice whose two ends have different offsets (a clock change inside it)
// is never cached; its instants are computed exactly.
const SLICE_MS = 15 * 60_000;
const sliceCache = new Map<string, Map<number, number | null>>();

function offsetAt(instantMs: number, zone: string): number {
  let slices = sliceCache.get(zone);
  if (!slices) sliceCache.set(zone, (slices = new Map()));
  const slice = Math.floor(instantMs / SLICE_MS);
  let cached = slices.get(slice);
  if (cached === undefined) {
    const start = offsetMs(slice * SLICE_MS, zone);
    cached = start === offsetMs(slice * SLICE_MS + SLICE_MS - 1, zone) ? start : null;
    if (slices.size >= 100_000) slices.clear();
    slices.set(slice, cached);
  }
  return cached ?? offsetMs(instantMs, zone);
}

/** "2024-03-01 14:05:09": an instant as the wall clock in `zone` reads it (for tables and CSV). */
export function formatInZone(instant: Date, zone: string): string {
  return formatEpochMsInZone(instant.getTime(), zone);
}

// "00" … "59": two-digit fields without a padStart per field (a CSV export formats a million dates).
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => pad(i));
// The last local day formatted: consecutive rows of an export sorted by time mostly share it.
let lastDay = NaN;
let lastDayText = "";

/**
 * formatInZone for milliseconds since the epoch, allocating no Date: the local day's "YYYY-MM-DD " from the
 * proleptic Gregorian calendar (days-from-civil, inverted), reused while the day repeats. Years outside 1000–9999
 * take the Date route (the same text, the rare way).
 */
export function formatEpochMsInZone(ms: number, zone: string): string {
  const localSeconds = Math.floor(ms / 1000) + offsetAt(ms, zone) / 1000;
  const day = Math.floor(localSeconds / 86_400);
  const secondOfDay = localSeconds - day * 86_400;
  if (day !== lastDay) {
    const text = dayText(day);
    if (text === null) return formatViaDate(localSeconds * 1000);
    lastDay = day;
    lastDayText = text;
  }
  const hour = Math.floor(secondOfDay / 3600);
  const minute = Math.floor((secondOfDay % 3600) / 60);
  return `${lastDayText}${TWO_DIGITS[hour]}:${TWO_DIGITS[minute]}:${TWO_DIGITS[secondOfDay % 60]}`;
}

/** "YYYY-MM-DD " for a day number (days since 1970-01-01), or null outside years 1000–9999. */
function dayText(day: number): string | null {
  // Howard Hinnant's civil_from_days: eras of 400 years starting 0000-03-01.
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  if (y < 1000 || y > 9999) return null;
  return `${y}-${TWO_DIGITS[m]}-${TWO_DIGITS[d]} `;
}

function formatViaDate(localMs: number): string {
  const local = new Date(localMs);
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ` +
    `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`
  );
}

/** Today's calendar date (YYYY-MM-DD) as the wall clock in `zone` reads it: the day a business counts in. */
export function todayInZone(zone: string, now: Date = new Date()): string {
  const w = wallClock(now.getTime(), zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

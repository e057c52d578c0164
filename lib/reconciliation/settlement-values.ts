// The values of an acquirer's settlement file as finance receive it: amounts written the acquirer's way ("1,250.00",
// "1.250,00", "SAR 1,250.00", "(12.50)" or "12.50-" for a refund line, Arabic-Indic digits) read exactly into minor
// units, never through a float; dates and times in the file's declared format, read in the file's declared time zone
// (an acquirer in Riyadh writes Riyadh wall-clock times). Pure and browser-safe: the import and the mapping screen's
// preview read values the same way.
import { currencyDigits, type CurrencyCode } from "../money";
import { latinDigits } from "../search/everywhere";
import { startOfDayInZone } from "../transactions/zoned-time";

export type DecimalSeparator = "." | ",";

/**
 * An amount in minor units, negative for a refund or a reversal; null when the text is not an amount of that
 * currency (letters, two signs, more decimals than the currency has, a misplaced group separator, too large).
 */
export function readAmount(raw: string, currency: CurrencyCode, decimal: DecimalSeparator = "."): number | null {
  let text = latinDigits(raw).replace(/[\s\u00a0\u202f\u200e\u200f\u061c]/g, "");
  // The currency's code before or after the figure ("SAR1,250.00", "1,250.00SAR").
  text = text.replace(new RegExp(`^${currency}|${currency}$`, "i"), "");
  // One sign at most: parentheses, a leading minus or a trailing one (some acquirers' refund lines), or a plus.
  let signs = 0;
  const paren = /^\((.*)\)$/.exec(text);
  if (paren) [signs, text] = [signs + 1, paren[1]!];
  if (/^[-\u2212]/.test(text)) [signs, text] = [signs + 1, text.slice(1)];
  else if (/[-\u2212]$/.test(text)) [signs, text] = [signs + 1, text.slice(0, -1)];
  else if (signs === 0 && text.startsWith("+")) text = text.slice(1);
  if (signs > 1) return null;
  const group = decimal === "." ? "," : ".";
  // Arabic separators: ٫ (decimal) and ٬ (thousands).
  text = text.replace(/\u066b/g, decimal).replace(/\u066c/g, group);
  const m = new RegExp(`^(\\d{1,3}(?:\\${group}\\d{3})+|\\d+)(?:\\${decimal}(\\d+))?$`).exec(text);
  if (!m) return null;
  const whole = m[1]!.split(group).join("");
  const frac = m[2] ?? "";
  const digits = currencyDigits(currency);
  if (frac.length > digits && !/^0*$/.test(frac.slice(digits))) return null;
  if (whole.length > 15) return null;
  const minor = Number(whole) * 10 ** digits + (digits ? Number(frac.slice(0, digits).padEnd(digits, "0")) : 0);
  if (!Number.isSafeInteger(minor)) return null;
  return signs && minor !== 0 ? -minor : minor;
}

/** How a file writes its dates; a time of day may follow ("14:05" or "14:05:09"), read in the file's zone. */
export const DATE_FORMATS = ["YYYY-MM-DD", "DD/MM/YYYY", "MM/DD/YYYY", "DD-MM-YYYY", "DD.MM.YYYY", "YYYYMMDD"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

const DATE_PATTERNS: Record<DateFormat, { re: RegExp; order: ["y" | "m" | "d", "y" | "m" | "d", "y" | "m" | "d"] }> = {
  "YYYY-MM-DD": { re: /^(\d{4})-(\d{1,2})-(\d{1,2})/, order: ["y", "m", "d"] },
  "DD/MM/YYYY": { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})/, order: ["d", "m", "y"] },
  "MM/DD/YYYY": { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})/, order: ["m", "d", "y"] },
  "DD-MM-YYYY": { re: /^(\d{1,2})-(\d{1,2})-(\d{4})/, order: ["d", "m", "y"] },
  "DD.MM.YYYY": { re: /^(\d{1,2})\.(\d{1,2})\.(\d{4})/, order: ["d", "m", "y"] },
  YYYYMMDD: { re: /^(\d{4})(\d{2})(\d{2})/, order: ["y", "m", "d"] },
};

/**
 * The other way: a spreadsheet's date cell written as the layout reads dates, so that it goes through the same
 * reader as a text date. A spreadsheet date has no zone: its wall-clock reading (held as UTC) is what the acquirer
 * wrote, read in the file's zone like any other date of the file.
 */
export function writeDateTime(d: Date, format: DateFormat): string {
  const two = (n: number) => String(n).padStart(2, "0");
  const [y, m, day] = [String(d.getUTCFullYear()).padStart(4, "0"), two(d.getUTCMonth() + 1), two(d.getUTCDate())];
  const parts: Record<"y" | "m" | "d", string> = { y, m, d: day };
  const { order } = DATE_PATTERNS[format];
  const separator = format === "YYYYMMDD" ? "" : format.charAt(format.indexOf("YYYY") === 0 ? 4 : 2);
  const date = order.map((k) => parts[k]).join(separator);
  return `${date} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

/** The calendar day a date cell names ("2026-12-07"), or null when it is not a real day in that format. */
export function readCalendarDate(raw: string, format: DateFormat): { date: string; rest: string } | null {
  const text = latinDigits(raw).trim();
  const { re, order } = DATE_PATTERNS[format];
  const m = re.exec(text);
  if (!m) return null;
  const part: Record<"y" | "m" | "d", number> = { y: 0, m: 0, d: 0 };
  order.forEach((k, i) => (part[k] = Number(m[i + 1])));
  const probe = new Date(Date.UTC(part.y, part.m - 1, part.d));
  if (part.y < 1970 || probe.getUTCFullYear() !== part.y || probe.getUTCMonth() !== part.m - 1 || probe.getUTCDate() !== part.d) {
    return null;
  }
  const date = `${String(part.y).padStart(4, "0")}-${String(part.m).padStart(2, "0")}-${String(part.d).padStart(2, "0")}`;
  return { date, rest: text.slice(m[0].length) };
}

/**
 * The instant a date (and optional time) cell names, read in the file's zone: "07/12/2026 01:30" in Asia/Riyadh is
 * 2026-12-06T22:30Z. A date alone is the start of that day in the zone. Null when it is not a date in that format or
 * the time is not a time of day.
 */
export function readDateTime(raw: string, format: DateFormat, zone: string): Date | null {
  const day = readCalendarDate(raw, format);
  if (!day) return null;
  const rest = day.rest.replace(/^[T\s]+/, "").replace(/Z$/, "");
  const start = startOfDayInZone(day.date, zone).getTime();
  if (rest === "") return new Date(start);
  const t = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(rest);
  if (!t) return null;
  const [h, mi, s] = [Number(t[1]), Number(t[2]), Number(t[3] ?? 0)];
  if (h > 23 || mi > 59 || s > 59) return null;
  // Wall-clock time after local midnight; across a DST change this is the elapsed time, which is what an acquirer's
  // system clock counts too (the Gulf zones have no DST).
  return new Date(start + ((h * 60 + mi) * 60 + s) * 1000);
}

/** A card number as the file masks it ("411111******1111", "4111 11XX XXXX 1111", "****1111"): its last four digits. */
export function readCardLast4(raw: string): string | null {
  const text = latinDigits(raw).replace(/[\s-]/g, "");
  const m = /^(?:\d{0,8}[*xX•#]{2,}|[*xX•#]*)(\d{4})$/.exec(text);
  return m ? m[1]! : null;
}

// Money inside the app is integer minor units with its currency; never a float. It becomes the gateway's decimal
// string in exactly one place (toGatewayAmount), and that same string is what gets hashed. Browser-safe.

import { CURRENCY_CODES, type CurrencyCode } from "./currency-codes";

export { CURRENCY_CODES, type CurrencyCode };

/** ISO 4217 currencies the dashboard handles: minor-unit digits and the numeric code (details calls use it). */
export const CURRENCIES: Record<CurrencyCode, { digits: number; numeric: string }> = {
  SAR: { digits: 2, numeric: "682" },
  USD: { digits: 2, numeric: "840" },
  EUR: { digits: 2, numeric: "978" },
  GBP: { digits: 2, numeric: "826" },
  AED: { digits: 2, numeric: "784" },
  EGP: { digits: 2, numeric: "818" },
  KWD: { digits: 3, numeric: "414" },
  BHD: { digits: 3, numeric: "048" },
  OMR: { digits: 3, numeric: "512" },
  JOD: { digits: 3, numeric: "400" },
  JPY: { digits: 0, numeric: "392" },
};

export interface Money {
  /** Integer amount in the currency's minor unit (cents, halalas, fils). */
  minor: number;
  currency: CurrencyCode;
}

export function isCurrencyCode(code: string): code is CurrencyCode {
  return Object.prototype.hasOwnProperty.call(CURRENCIES, code);
}

export function currencyDigits(currency: CurrencyCode): number {
  return CURRENCIES[currency].digits;
}

export function currencyOfNumeric(numeric: string): CurrencyCode | null {
  const hit = CURRENCY_CODES.find((c) => CURRENCIES[c].numeric === numeric.padStart(3, "0"));
  return hit ?? null;
}

function assertMinor(minor: number): void {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`money: not a non-negative integer: ${minor}`);
}

export function money(minor: number, currency: CurrencyCode): Money {
  assertMinor(minor);
  return { minor, currency };
}

/** Minor units as a decimal string with the currency's digits: 1050 SAR → "10.50", 5 JPY → "5". */
export function minorToDecimal(minor: number, currency: CurrencyCode): string {
  return withPlaces(minor, currencyDigits(currency));
}

/** A count of 10^-places units as a decimal string with exactly `places` decimals. */
function withPlaces(units: number, places: number): string {
  assertMinor(units);
  if (places === 0) return String(units);
  const s = String(units).padStart(places + 1, "0");
  return `${s.slice(0, -places)}.${s.slice(-places)}`;
}

/**
 * How many decimal places the gateway's amount strings carry for currencies whose minor unit is not the cent (the
 * contract shows only two-decimal currencies, "decimal with two places"): `iso`, the currency's ISO 4217 exponent
 * (KWD 1.234, JPY 7), or `two`, always two (KWD 1.23, JPY 7.00). The gateway profile chooses
 * (GATEWAY_AMOUNT_DECIMALS).
 */
export type AmountDecimals = "iso" | "two";

/**
 * The one conversion to the gateway's amount string. The returned string is both sent and hashed. With `two`, an
 * amount finer than a hundredth (KWD 1.234) cannot be written and the answer is null: the caller refuses it, never
 * rounds it.
 */
export function toGatewayAmount(m: Money, decimals: AmountDecimals = "iso"): string | null {
  const digits = currencyDigits(m.currency);
  if (decimals === "iso" || digits === 2) return withPlaces(m.minor, digits);
  if (digits < 2) return withPlaces(m.minor * 10 ** (2 - digits), 2);
  // Three decimals: the last one must be zero to be written with two.
  const drop = 10 ** (digits - 2);
  return m.minor % drop === 0 ? withPlaces(m.minor / drop, 2) : null;
}

/**
 * The amount in whole digits, as RECURRING_SALE (4.6) requires. Returns null when the amount has a fractional
 * part, so that the caller refuses it instead of rounding money.
 */
export function toWholeGatewayAmount(m: Money): string | null {
  assertMinor(m.minor);
  const unit = 10 ** currencyDigits(m.currency);
  return m.minor % unit === 0 ? String(m.minor / unit) : null;
}

/**
 * Parse a decimal string exactly (no floats) into minor units. Accepts "10", "10.5", "10.50"; refuses more
 * fractional digits than the currency has, signs, exponents, separators and anything else. Returns null when the
 * text is not an amount.
 */
export function decimalToMinor(text: string, currency: CurrencyCode): number | null {
  const m = /^(\d{1,15})(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return null;
  const digits = currencyDigits(currency);
  const frac = m[2] ?? "";
  if (frac.length > digits) {
    // "10.500" is still exact for a two-digit currency; anything non-zero past the currency's digits is not.
    if (!/^0*$/.test(frac.slice(digits))) return null;
  }
  const fracPadded = frac.slice(0, digits).padEnd(digits, "0");
  const minor = Number(m[1]) * 10 ** digits + (digits ? Number(fracPadded) : 0);
  return Number.isSafeInteger(minor) ? minor : null;
}

/**
 * Display formatting for people (never used for the wire): the currency code, then the amount in the locale's digits
 * and separators: "SAR 1,250.00" (en-GB), "SAR ١٬٢٥٠٫٠٠" (Arabic-Indic digits). The code and not a symbol, in every
 * language: finance staff in the Gulf handle several currencies whose symbols (ر.س, $, د.إ) are easy to confuse.
 * Callers show it isolated left-to-right (MoneyAmount's <bdi>) so that it never reorders inside Arabic text.
 */
export function formatMoney(m: Money, locale = "en-GB"): string {
  const digits = currencyDigits(m.currency);
  // Intl takes a number; build it from the exact decimal string so no float arithmetic touches the amount.
  const amount = numberFormat(locale, digits).format(Number(minorToDecimal(m.minor, m.currency)));
  return `${m.currency}\u00a0${amount}`;
}

/** From this many major units up, a figure tile shows the amount in compact notation (the exact one on hover). */
export const COMPACT_FROM_MAJOR = 10_000_000;

/**
 * "SAR 123.46M" (or the reader's own, "SAR ١٢٣٫٤٦ مليون") for an amount of ten million or more, so a tile never cuts
 * the leading digits; null below that, where the exact amount fits. Display only: the exact amount stays beside it.
 */
export function formatMoneyCompact(m: Money, locale = "en-GB"): string | null {
  const major = Number(minorToDecimal(m.minor, m.currency));
  if (Math.abs(major) < COMPACT_FROM_MAJOR) return null;
  let format = compactFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { notation: "compact", compactDisplay: "short", maximumFractionDigits: 2 });
    compactFormats.set(locale, format);
  }
  return `${m.currency}\u00a0${format.format(major)}`;
}
const compactFormats = new Map<string, Intl.NumberFormat>();

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    numberFormats.set(key, format);
  }
  return format;
}

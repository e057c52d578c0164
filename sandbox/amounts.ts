// The sandbox's own amount rules, written again from the contract (not lib/money.ts): a strict parser that refuses
// what the gateway refuses, and the formatter of the amounts the sandbox answers with. Money inside is minor units.
//
// Contract: every amount the gateway shows is a "decimal with two places" (2.2, 2.3, 2.5, 2.9), its examples are all
// in two-decimal currencies, and RECURRING_SALE's `order_amount` is "whole digits only" (4.6, 8). The contract says
// nothing of currencies whose minor unit is not the cent; for those the sandbox takes the ISO 4217 exponent (three
// decimals for KWD, none for JPY), the same reading as "two places" for SAR, or with GATEWAY_AMOUNT_DECIMALS=two the
// contract's words literally: two places for every currency (KWD 1.23, JPY 7.00; a KWD amount with a third decimal
// cannot be written at all).

/** Currencies the sandbox takes: ISO 4217 exponent (decimal places of the wire amount) and numeric code. */
export const CURRENCIES = {
  SAR: { exponent: 2, numeric: "682" },
  USD: { exponent: 2, numeric: "840" },
  EUR: { exponent: 2, numeric: "978" },
  GBP: { exponent: 2, numeric: "826" },
  AED: { exponent: 2, numeric: "784" },
  EGP: { exponent: 2, numeric: "818" },
  KWD: { exponent: 3, numeric: "414" },
  BHD: { exponent: 3, numeric: "048" },
  OMR: { exponent: 3, numeric: "512" },
  JOD: { exponent: 3, numeric: "400" },
  JPY: { exponent: 0, numeric: "392" },
} as const;

export type Currency = keyof typeof CURRENCIES;

export function isCurrency(code: string): code is Currency {
  return Object.prototype.hasOwnProperty.call(CURRENCIES, code);
}

export function exponentOf(currency: Currency): number {
  return CURRENCIES[currency].exponent;
}

/** How amounts are written for 0- and 3-decimal currencies (the profile's GATEWAY_AMOUNT_DECIMALS). */
export type AmountDecimals = "iso" | "two";

/** Decimal places of a wire amount in a currency. */
export function wirePlaces(currency: Currency, decimals: AmountDecimals = "iso"): number {
  return decimals === "two" ? 2 : exponentOf(currency);
}

/** The result of reading an amount: minor units, or the rule the text broke (said so in the error it answers). */
export type AmountRead = { ok: true; minor: number } | { ok: false; problem: string };

/** More digits than this and minor units could leave the safe integers; no real order comes near it. */
const MAX_DIGITS = 15;

const refuse = (problem: string): AmountRead => ({ ok: false, problem });

/** The shape the gateway writes: no sign, no leading zero, no exponent; `places` decimals after a point when places > 0. */
function exactShape(places: number): RegExp {
  return places === 0 ? /^(0|[1-9][0-9]*)$/ : new RegExp(`^(0|[1-9][0-9]*)\\.([0-9]{${places}})$`);
}

/**
 * Minor units (the currency's ISO exponent) of an integer part and a fractional part of `places` decimals already
 * checked to be digits, or the reason not to take it. Two places for JPY must end in .00 (it has no minor unit).
 */
function toMinor(whole: string, fraction: string, places: number, currency: Currency): AmountRead {
  if (whole.length + places > MAX_DIGITS) return refuse(`has more than ${MAX_DIGITS} digits`);
  const units = Number(whole + fraction.padEnd(places, "0"));
  const exponent = exponentOf(currency);
  let minor = units * 10 ** Math.max(0, exponent - places);
  if (places > exponent) {
    const unit = 10 ** (places - exponent);
    if (units % unit !== 0) return refuse(`has a fraction ${currency} does not have (${exponent} decimal places)`);
    minor = units / unit;
  }
  return minor > 0 ? { ok: true, minor } : refuse("must be greater than zero");
}

/** How the wire amount of a currency looks, for the error message: "2 decimal places (e.g. 10.50)". */
export function shapeOf(currency: Currency, decimals: AmountDecimals = "iso"): string {
  const places = wirePlaces(currency, decimals);
  return places === 0 ? "whole digits (e.g. 10)" : `${places} decimal places (e.g. 10.${"5".padEnd(places, "0")})`;
}

/**
 * An amount sent as text (form SALE `order_amount`, CAPTURE, CREDITVOID, partial refund `amount`): exactly the
 * currency's decimal places, as the gateway writes its own amounts. Refuses `10.5` and `10` for SAR, `10.500`,
 * `+10.00`, `-1.00`, `010.00`, `1e3`, `10,00`, ` 10.00`, `.50`, `10.`, zero, and more than 15 digits.
 */
export function readAmountText(text: string, currency: Currency, decimals: AmountDecimals = "iso"): AmountRead {
  const places = wirePlaces(currency, decimals);
  const m = exactShape(places).exec(text);
  if (!m) return refuse(`must be written with ${shapeOf(currency, decimals)} for ${currency}`);
  return toMinor(m[1]!, m[2] ?? "", places, currency);
}

/**
 * An amount of a JSON `number`/`decimal` field (S2S sale, hosted initiate, recurring v2). A JSON number carries no
 * trailing zeros (10.50 arrives as 10.5), so a number may have up to the currency's decimal places; a string must be
 * in the exact text form. Refuses booleans, objects, exponent notation (1e21), negatives, zero and extra decimals.
 * `number`: the field's type is `number` (the S2S sale, 4.10), so a string is refused; a `decimal` (initiate 4.9,
 * recurring v2 4.11) may be either, the contract not saying how a decimal is written in JSON.
 */
export function readAmountJson(value: unknown, currency: Currency, opts: { number?: boolean; decimals?: AmountDecimals } = {}): AmountRead {
  if (typeof value === "string") return opts.number ? refuse("must be a number") : readAmountText(value, currency, opts.decimals);
  if (typeof value !== "number" || !Number.isFinite(value)) return refuse("must be a number");
  const places = wirePlaces(currency, opts.decimals);
  const m = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/.exec(String(value));
  if (!m) return refuse(`must be a plain decimal number with at most ${places} decimal places for ${currency}`);
  if ((m[2] ?? "").length > places) return refuse(`has more than ${places} decimal places for ${currency}`);
  return toMinor(m[1]!, m[2] ?? "", places, currency);
}

/** RECURRING_SALE `order_amount` (contract 4.6 and 8): whole digits only, no point, no sign, no leading zero. */
export function readWholeAmount(text: string): { ok: true; units: number } | { ok: false; problem: string } {
  if (!/^[1-9][0-9]{0,11}$/.test(text)) return { ok: false, problem: "must be whole digits only (e.g. 10), greater than zero" };
  return { ok: true, units: Number(text) };
}

/**
 * Minor units as the gateway writes an amount: 1050 SAR → "10.50", 1234 KWD → "1.234", 5 JPY → "5"; with `two`,
 * 1230 KWD → "1.23", 5 JPY → "5.00". Under `two` the sandbox never takes a KWD amount with a third decimal, so it
 * never holds one to write: asked to, it throws rather than cut money.
 */
export function formatAmount(minor: number, currency: Currency, decimals: AmountDecimals = "iso"): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`formatAmount: not a non-negative integer: ${minor}`);
  const exponent = exponentOf(currency);
  const places = wirePlaces(currency, decimals);
  const unit = 10 ** Math.max(0, exponent - places);
  if (minor % unit !== 0) throw new RangeError(`formatAmount: ${minor} ${currency} has more than ${places} decimal places`);
  const units = places >= exponent ? minor * 10 ** (places - exponent) : minor / unit;
  if (places === 0) return `${units}`;
  const digits = `${units}`.padStart(places + 1, "0");
  const cut = digits.length - places;
  return `${digits.slice(0, cut)}.${digits.slice(cut)}`;
}

// Request and callback hashes of the gateway contract (section 5.2) and the protocol family (protocol notes).
// One pure function per formula; lowercase hex out. No secrets are held here: callers pass them in.
// No `import "server-only"`: test support signs sandbox requests with it. The sandbox has its own formulas
// (sandbox/hashes.ts); tests/contract/ checks both against the same known answers.
import { createHash, timingSafeEqual } from "node:crypto";
import type { HashUpperCase } from "./profile";

/** The card parts that the card-bound formulas use: the first six and the last four digits. */
export interface CardParts {
  bin6: string;
  last4: string;
}

export function md5Hex(input: string): string {
  return createHash("md5").update(input, "utf8").digest("hex");
}

export function sha1Hex(input: string): string {
  return createHash("sha1").update(input, "utf8").digest("hex");
}

/** Reverse by code point, so that a non-BMP character in an e-mail is not split into broken surrogates. */
export function reverse(input: string): string {
  return Array.from(input).reverse().join("");
}

/** Upper-case ASCII letters only, as the protocol does ("ß" must not become "SS"). */
export function upperAscii(input: string): string {
  return input.replace(/[a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 32));
}

/**
 * Full Unicode upper case, as the family's JavaScript examples compute it (`toUpperCase`: "ß" becomes "SS", "é" "É").
 * A gateway written in PHP with `strtoupper` changes ASCII letters only: the profile says which one to match (#16).
 */
export function upperUnicode(input: string): string {
  return input.toUpperCase();
}

/** UPPER as the profile says (ASCII only by default: today's behaviour and the protocol notes'). */
export function upperOf(mode: HashUpperCase = "ascii"): (input: string) => string {
  return mode === "unicode" ? upperUnicode : upperAscii;
}

/** BIN6 and LAST4 from a full card number (digits only; spaces and dashes are ignored). */
export function cardPartsOf(cardNumber: string): CardParts {
  const digits = cardNumber.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits)) throw new Error("cardPartsOf: not a card number");
  return { bin6: digits.slice(0, 6), last4: digits.slice(-4) };
}

/** BIN6 and LAST4 from a masked card as callbacks and details carry it (`411111XXXXXX1111`, `4111 11** **** 1111`). */
export function cardPartsOfMasked(masked: string): CardParts | null {
  const compact = masked.replace(/[\s-]/g, "");
  const m = /^(\d{6})[^\d]+(\d{4})$/.exec(compact);
  return m ? { bin6: m[1]!, last4: m[2]! } : null;
}

const sha1OfMd5 = (input: string, upper?: HashUpperCase) => sha1Hex(md5Hex(upperOf(upper)(input)));
const md5OfUpper = (input: string, upper?: HashUpperCase) => md5Hex(upperOf(upper)(input));

/** Every formula takes the profile's UPPER (`ascii` when absent). */
interface Upper {
  upper?: HashUpperCase;
}

/** SALE (4.1): MD5(UPPER(REV(email) + secret + REV(BIN6 + LAST4))). */
export function saleHash(p: { email: string; secret: string; card: CardParts } & Upper): string {
  return md5OfUpper(reverse(p.email) + p.secret + reverse(p.card.bin6 + p.card.last4), p.upper);
}

/** S2S sale (4.10): the SALE formula with the API key as the secret and the customer's e-mail. */
export function s2sSaleHash(p: { email: string; apiKey: string; card: CardParts } & Upper): string {
  return saleHash({ email: p.email, secret: p.apiKey, card: p.card, upper: p.upper });
}

/** Sale with a saved card token (protocol family): MD5(UPPER(REV(email) + secret + REV(card_token))). */
export function tokenSaleHash(p: { email: string; secret: string; cardToken: string } & Upper): string {
  return md5OfUpper(reverse(p.email) + p.secret + reverse(p.cardToken), p.upper);
}

/** CAPTURE (4.3), and VOID (protocol family): MD5(UPPER(REV(email) + secret + trans_id + REV(BIN6 + LAST4))). */
export function captureHash(p: { email: string; secret: string; transId: string; card: CardParts } & Upper): string {
  return md5OfUpper(reverse(p.email) + p.secret + p.transId + reverse(p.card.bin6 + p.card.last4), p.upper);
}

/** VOID (protocol family) uses the CAPTURE formula. */
export const voidHash = captureHash;

/** CREDITVOID (4.4): SHA1(MD5(UPPER(trans_id + amount + secret))); `amount` is the exact string sent. */
export function creditvoidHash(p: { transId: string; amount: string; secret: string } & Upper): string {
  return sha1OfMd5(p.transId + p.amount + p.secret, p.upper);
}

/** Partial refund (4.5): SHA1(MD5(UPPER(gwayId + amount + secret))). */
export function partialRefundHash(p: { gwayId: string; amount: string; secret: string } & Upper): string {
  return sha1OfMd5(p.gwayId + p.amount + p.secret, p.upper);
}

/** Payment status (4.7): SHA1(MD5(UPPER(gway_Payment_id + secret))). */
export function statusHash(p: { gwayPaymentId: string; secret: string } & Upper): string {
  return sha1OfMd5(p.gwayPaymentId + p.secret, p.upper);
}

/**
 * RECURRING_SALE (4.6): SHA1(MD5(UPPER(recurring_first_trans_id + recurring_token + order_number + order_amount
 * + order_description + secret))). `order_number` is the new charge's `order_id` (protocol notes).
 */
export function recurringSaleHash(
  p: {
    firstTransId: string;
    recurringToken: string;
    orderId: string;
    amount: string;
    description: string;
    secret: string;
  } & Upper,
): string {
  return sha1OfMd5(p.firstTransId + p.recurringToken + p.orderId + p.amount + p.description + p.secret, p.upper);
}

/**
 * Callback hash (protocol notes): the CAPTURE formula with the payer e-mail of the sale and the masked card's
 * BIN6/LAST4; some flows sign without `trans_id` (the SALE formula). Returns both candidates.
 */
export function callbackHashes(p: { email: string; secret: string; transId: string; card: CardParts } & Upper): string[] {
  return [captureHash(p), saleHash(p)];
}

/**
 * Hosted-checkout callback of the protocol family (its Checkout integration reference: "SHA1 of MD5 encoded string
 * (uppercased): payment_public_id + order.number + order.amount + order.currency + order.description +
 * merchant.pass"); the callback carries them as `id`, `order_number`, `order_amount`, `order_currency`,
 * `order_description`, each hashed exactly as received.
 */
export function checkoutCallbackHash(
  p: { id: string; orderNumber: string; orderAmount: string; orderCurrency: string; orderDescription: string; secret: string } & Upper,
): string {
  return sha1OfMd5(p.id + p.orderNumber + p.orderAmount + p.orderCurrency + p.orderDescription + p.secret, p.upper);
}

/** Constant-time comparison of two hex digests (case-insensitive; unequal lengths never match). */
export function hashesEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected.toLowerCase(), "utf8");
  const b = Buffer.from(given.toLowerCase(), "utf8");
  if (a.length !== b.length) {
    timingSafeEqual(a, a); // spend comparable time so length is the only thing learnt
    return false;
  }
  return timingSafeEqual(a, b);
}

/** True when `given` equals any of the `candidates`, each compared in constant time (all are compared). */
export function matchesAnyHash(candidates: string[], given: string): boolean {
  let ok = false;
  for (const c of candidates) ok = hashesEqual(c, given) || ok;
  return ok;
}

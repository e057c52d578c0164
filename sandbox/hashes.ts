// The sandbox's own request and callback hashes, written again from the contract (section 5.2) and the protocol notes,
// so that a wrong formula in the client (server/gateway/signing.ts) is refused here instead of being mirrored.
import { createHash, timingSafeEqual } from "node:crypto";

/** BIN6 and LAST4: the first six and the last four digits of the card number (contract 5.2, notation). */
export interface CardEnds {
  bin6: string;
  last4: string;
}

/** `MD5`: digest of the UTF-8 bytes of the text, as lowercase hex (contract 5.2, notation). */
export function md5(text: string): string {
  return createHash("md5").update(Buffer.from(text, "utf8")).digest("hex");
}

/** `SHA1`: lowercase hex; SHA1(MD5(x)) is the SHA1 of the 32-character hex text of MD5(x) (protocol notes). */
export function sha1(text: string): string {
  return createHash("sha1").update(Buffer.from(text, "utf8")).digest("hex");
}

/** `REV`: the characters in reverse order; a character is a Unicode code point, never half a surrogate pair. */
export function rev(text: string): string {
  let out = "";
  for (const ch of text) out = ch + out;
  return out;
}

/** `UPPER` of the whole concatenated string; only the ASCII letters a–z change case (protocol notes). */
export function upper(text: string): string {
  let out = "";
  for (const ch of text) out += ch >= "a" && ch <= "z" ? ch.toUpperCase() : ch;
  return out;
}

/**
 * Which UPPER the gateway applies (the profile's GATEWAY_HASH_UPPERCASE): `ascii` as a PHP strtoupper does, or
 * `unicode`, every letter by the Unicode rules (as JavaScript's toUpperCase: "ß" → "SS", "é" → "É").
 */
export type CaseMode = "ascii" | "unicode";

/** UPPER under a case mode. */
export function upperIn(mode: CaseMode, text: string): string {
  return mode === "unicode" ? text.toUpperCase() : upper(text);
}

/** The two card parts the card-bound formulas take, from the full number the request carries. */
export function cardEnds(cardNumber: string): CardEnds {
  return { bin6: cardNumber.substring(0, 6), last4: cardNumber.substring(cardNumber.length - 4) };
}

/** MD5(UPPER(parts joined)): the shape of the SALE, S2S, CAPTURE and token formulas. */
const md5Upper = (mode: CaseMode, ...parts: string[]): string => md5(upperIn(mode, parts.join("")));

/** SHA1(MD5(UPPER(parts joined))): the shape of the CREDITVOID, partial refund, status and RECURRING_SALE formulas. */
const sha1Md5Upper = (mode: CaseMode, ...parts: string[]): string => sha1(md5(upperIn(mode, parts.join(""))));

/** SALE: MD5(UPPER(REV(email) + secret + REV(BIN6 + LAST4))). */
export function saleSignature(email: string, secret: string, card: CardEnds, mode: CaseMode = "ascii"): string {
  return md5Upper(mode, rev(email), secret, rev(card.bin6 + card.last4));
}

/** S2S sale: the SALE formula with the API key as the secret and the customer e-mail. */
export function s2sSaleSignature(customerEmail: string, apiKey: string, card: CardEnds, mode: CaseMode = "ascii"): string {
  return saleSignature(customerEmail, apiKey, card, mode);
}

/** Sale with a saved card token (protocol family): MD5(UPPER(REV(email) + secret + REV(card_token))). */
export function tokenSaleSignature(email: string, secret: string, cardToken: string, mode: CaseMode = "ascii"): string {
  return md5Upper(mode, rev(email), secret, rev(cardToken));
}

/** CAPTURE: MD5(UPPER(REV(email) + secret + trans_id + REV(BIN6 + LAST4))). */
export function captureSignature(email: string, secret: string, transId: string, card: CardEnds, mode: CaseMode = "ascii"): string {
  return md5Upper(mode, rev(email), secret, transId, rev(card.bin6 + card.last4));
}

/** VOID (protocol family): the CAPTURE formula. */
export function voidSignature(email: string, secret: string, transId: string, card: CardEnds, mode: CaseMode = "ascii"): string {
  return captureSignature(email, secret, transId, card, mode);
}

/** Callback (protocol family): the CAPTURE formula, with the payer e-mail of the sale and the card of the payment. */
export function callbackSignature(email: string, secret: string, transId: string, card: CardEnds, mode: CaseMode = "ascii"): string {
  return captureSignature(email, secret, transId, card, mode);
}

/** CREDITVOID: SHA1(MD5(UPPER(trans_id_of_sale + amount + merchant_secret))); `amount` exactly as sent. */
export function creditvoidSignature(transId: string, amount: string, secret: string, mode: CaseMode = "ascii"): string {
  return sha1Md5Upper(mode, transId, amount, secret);
}

/** Partial refund: SHA1(MD5(UPPER(gwayId + amount + merchant_secret))). */
export function partialRefundSignature(gwayId: string, amount: string, secret: string, mode: CaseMode = "ascii"): string {
  return sha1Md5Upper(mode, gwayId, amount, secret);
}

/** Status: SHA1(MD5(UPPER(gway_Payment_id + merchant_secret))). */
export function statusSignature(gwayPaymentId: string, secret: string, mode: CaseMode = "ascii"): string {
  return sha1Md5Upper(mode, gwayPaymentId, secret);
}

/** The RECURRING_SALE inputs; `orderNumber` is the `order_id` of the new charge (protocol notes). */
export interface RecurringSaleParts {
  firstTransId: string;
  recurringToken: string;
  orderNumber: string;
  orderAmount: string;
  orderDescription: string;
}

/** RECURRING_SALE: SHA1(MD5(UPPER(first_trans_id + token + order_number + order_amount + description + secret))). */
export function recurringSaleSignature(r: RecurringSaleParts, secret: string, mode: CaseMode = "ascii"): string {
  return sha1Md5Upper(mode, r.firstTransId, r.recurringToken, r.orderNumber, r.orderAmount, r.orderDescription, secret);
}

/** Whether the hash a request carries is the one the sandbox computed: hex compared without case, in constant time. */
export function sameDigest(computed: string, given: string): boolean {
  const a = Buffer.from(computed.toLowerCase(), "utf8");
  const b = Buffer.from(given.toLowerCase(), "utf8");
  if (a.length !== b.length) return false;
  return timingSafeEqual(a, b);
}

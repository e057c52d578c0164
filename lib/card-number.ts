// The card number as staff type it: the brand read from the leading digits, and the digits grouped the way the
// card prints them (fours; American Express 4-6-5), with the caret kept after the same digit while the grouping
// changes. Browser-safe, pure and free of zod (the New payment page loads it with its first paint).

export type CardBrand = "VISA" | "MASTERCARD" | "AMEX" | "MADA" | "OTHER";

/** The card number's digits (spaces and dashes typed for readability dropped). */
export const cardDigits = (s: string): string => s.replace(/[\s-]/g, "");

/** The network brand from the leading digits (mada is told by its BIN list: lib/mada-bins.ts). */
export function cardBrandOf(digits: string): Exclude<CardBrand, "MADA"> {
  if (/^3[47]/.test(digits)) return "AMEX";
  if (/^4/.test(digits)) return "VISA";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "MASTERCARD";
  return "OTHER";
}

/** Longest card number: 15 digits for American Express, 19 for the others. */
export const maxDigitsOf = (digits: string): number => (cardBrandOf(digits) === "AMEX" ? 15 : 19);

/** "4111111111111111" → "4111 1111 1111 1111"; "378282246310005" → "3782 822463 10005". Non-digits dropped. */
export function groupCardNumber(text: string): string {
  const digits = text.replace(/\D/g, "");
  const d = digits.slice(0, maxDigitsOf(digits));
  if (cardBrandOf(d) === "AMEX") return [d.slice(0, 4), d.slice(4, 10), d.slice(10)].filter(Boolean).join(" ");
  return d.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** Where the caret goes in `grouped` to stay right after the `count`-th digit (0: the start). */
export function caretAfterDigits(grouped: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < grouped.length; i++) {
    if (/\d/.test(grouped[i]!) && ++seen === count) return i + 1;
  }
  return grouped.length;
}

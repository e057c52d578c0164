// Card numbers in text: the Luhn check, and whether free text holds what reads as a card number. Browser-safe and
// free of imports. Apart from lib/card-number.ts, which the New payment page loads with its first paint.

/** Luhn check over a string of digits (false for anything else). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

// 12 to 19 digits, optionally grouped by single spaces or dashes, not part of a longer digit run.
const PAN_RUN = /(?<!\d)\d(?:[ -]?\d){11,18}(?![ -]?\d)/g;
// A pasted payment or user id is never a card number, though its last groups can be digits only.
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/**
 * True when free text holds what reads as a card number: 12 to 19 digits (as typed, in groups or not) that pass
 * the Luhn check. Free text staff write (a note on a payment) must never carry one: PCI DSS keeps card numbers out
 * of everything but the gateway call.
 */
export function containsCardNumber(text: string): boolean {
  for (const m of text.replace(UUID, " ").matchAll(PAN_RUN)) if (luhnValid(m[0].replace(/[ -]/g, ""))) return true;
  return false;
}

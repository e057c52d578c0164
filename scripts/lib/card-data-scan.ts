// Finds card data in text: card numbers (15–19 digits, optionally grouped by spaces or dashes, passing the Luhn
// check) and CVVs (a 3–4 digit value under a CVV-like key, in JSON or urlencoded form). 13- and 14-digit runs
// are left out on purpose: millisecond timestamps and retrieval reference numbers would pass Luhn by chance,
// and no test card is that short. Digits inside a longer token (a SHA-256 hex hash can hold 15+ decimal digits
// in a row) do not count either.
import { luhnValid } from "../../server/log/redact";

export interface CardDataFinding {
  kind: "pan" | "cvv";
  excerpt: string;
}

// Bounded by anything but letters and digits: a run of decimal digits inside a hex hash or an id is not a card.
const PAN = /(?<![0-9A-Za-z])(\d(?:[ -]?\d){14,18})(?![0-9A-Za-z])/g;
const CVV = /["']?(?:card_?cvv2?|cvv2?|cvc2?|security_?code)["']?\s*[:=]\s*["']?(\d{3,4})(?!\d)/gi;

/**
 * Whether a digit run is grouped the way card numbers are written: not at all, in fours (the last group shorter), or
 * 4-6-5 / 4-6-4 (American Express, Diners). `ord-20261124-02150337` (a date and a random part) is no card number.
 */
function cardGrouping(run: string): boolean {
  const groups = run.split(/[ -]/).map((g) => g.length);
  if (groups.length === 1) return true;
  if (groups.slice(0, -1).every((n) => n === 4) && groups.at(-1)! <= 4) return true;
  return groups.length === 3 && groups[0] === 4 && groups[1] === 6 && (groups[2] === 5 || groups[2] === 4);
}

export function scanForCardData(text: string): CardDataFinding[] {
  const found: CardDataFinding[] = [];
  for (const m of text.matchAll(PAN)) {
    const digits = m[1]!.replace(/[ -]/g, "");
    if (digits.length >= 15 && cardGrouping(m[1]!) && luhnValid(digits)) {
      found.push({ kind: "pan", excerpt: `${digits.slice(0, 6)}…${digits.slice(-4)} at ${m.index}` });
    }
  }
  for (const m of text.matchAll(CVV)) found.push({ kind: "cvv", excerpt: `${m[0].slice(0, 40)} at ${m.index}` });
  return found;
}

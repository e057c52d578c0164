// Amounts of ledger rows for people and files. The ledger holds known ISO currencies; should an unknown code ever
// appear, its amount is shown in minor units with the code rather than guessed digits. Browser-safe.
import { currencyDigits, isCurrencyCode, minorToDecimal, type Money } from "@/lib/money";
import type { LedgerMoney } from "./list-item";

/** "10.50" for 1050 SAR: the exact decimal (never a float). */
export function ledgerDecimal(minor: number, currency: string): string {
  if (!isCurrencyCode(currency) || !Number.isSafeInteger(minor) || minor < 0) {
    return isCurrencyCode(currency) ? minorToDecimal(minor, currency) : String(minor);
  }
  // minorToDecimal's text, with the integer's digits from integerText (see there why not String()).
  const digits = currencyDigits(currency);
  if (digits === 0) return integerText(minor);
  const s = integerText(minor).padStart(digits + 1, "0");
  return `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

const PLAIN = Array.from({ length: 1000 }, (_, i) => String(i));
const THREE_DIGITS = PLAIN.map((d) => d.padStart(3, "0"));

/**
 * String(n) for a safe non-negative integer, without V8's number-to-string cache. Measured (#17): that cache lives
 * in the old generation, so every amount string a CSV export put in it was promoted and the heap grew by megabytes
 * per 100,000 rows until a full collection; these strings die young.
 */
export function integerText(n: number): string {
  if (n < 1000) return PLAIN[n]!;
  const high = Math.floor(n / 1000);
  return integerText(high) + THREE_DIGITS[n - high * 1000]!;
}

/** A Money value when the currency is known (for MoneyAmount), else null. */
export function asMoney(m: LedgerMoney): Money | null {
  return isCurrencyCode(m.currency) && Number.isSafeInteger(m.minor) && m.minor >= 0 ? { minor: m.minor, currency: m.currency } : null;
}

/**
 * The amount a list shows for a payment: what was captured once a partial capture took less than the
 * authorization (with the authorized amount alongside), else the payment's amount.
 */
export function listedAmount(r: { amountMinor: number; authorizedMinor: number; capturedMinor: number }): {
  minor: number;
  authorizedMinor: number | null;
} {
  return r.capturedMinor > 0 && r.capturedMinor < r.authorizedMinor
    ? { minor: r.capturedMinor, authorizedMinor: r.authorizedMinor }
    : { minor: r.amountMinor, authorizedMinor: null };
}

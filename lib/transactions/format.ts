// Amounts of ledger rows for people and files. The ledger holds known ISO currencies; should an unknown code ever
// appear, its amount is shown in minor units with the code rather than guessed digits. Browser-safe.
import { isCurrencyCode, minorToDecimal, type Money } from "@/lib/money";
import type { LedgerMoney } from "./list-item";

/** "10.50" for 1050 SAR: the exact decimal (never a float). */
export function ledgerDecimal(minor: number, currency: string): string {
  return isCurrencyCode(currency) ? minorToDecimal(minor, currency) : String(minor);
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

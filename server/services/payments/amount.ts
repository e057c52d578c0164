// A typed amount → minor units in the payment's currency, exactly, or a clear error for the form.
import { decimalToMinor, isCurrencyCode, minorToDecimal } from "@/lib/money";
import { AppError } from "../../errors";

export function amountInCurrency(text: string, currency: string): number {
  if (!isCurrencyCode(currency)) throw new AppError("conflict", `The payment's currency ${currency} is not supported.`);
  const minor = decimalToMinor(text, currency);
  if (minor === null || minor <= 0) {
    throw new AppError("invalid_request", `Enter an amount in ${currency} with at most the currency's decimals.`, {
      amount: ["Not a valid amount for this currency."],
    });
  }
  return minor;
}

export function showAmount(minor: number, currency: string): string {
  return isCurrencyCode(currency) ? `${currency} ${minorToDecimal(minor, currency)}` : `${minor} ${currency}`;
}

// A typed amount → minor units in the payment's currency, exactly, or a clear error for the form.
import { decimalToMinor, isCurrencyCode, minorToDecimal } from "@/lib/money";
import { vmsg } from "@/lib/schemas/messages";
import { AppError } from "../../errors";

export function amountInCurrency(text: string, currency: string): number {
  if (!isCurrencyCode(currency)) throw new AppError("conflict", ["payments.currencyUnsupported", { currency }]);
  const minor = decimalToMinor(text, currency);
  if (minor === null || minor <= 0) {
    throw new AppError("invalid_request", ["payments.amountDecimals", { currency }], {
      amount: [vmsg("amount.notForCurrency")],
    });
  }
  return minor;
}

export function showAmount(minor: number, currency: string): string {
  return isCurrencyCode(currency) ? `${currency} ${minorToDecimal(minor, currency)}` : `${minor} ${currency}`;
}

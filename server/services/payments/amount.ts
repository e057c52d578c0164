// A typed amount → minor units in the payment's currency, exactly, or a clear error for the form; and the check that
// the gateway can be sent an amount at all.
import { decimalToMinor, isCurrencyCode, minorToDecimal, money, toGatewayAmount } from "@/lib/money";
import { vmsg } from "@/lib/schemas/messages";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../deps";

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

/**
 * Refuses, before anything is stored or sent, an amount the gateway profile cannot write: with
 * GATEWAY_AMOUNT_DECIMALS=two, a KWD, BHD, OMR or JOD amount with a third decimal (KWD 1.234) has no two-place form,
 * and rounding it would charge or refund another amount than the one asked for.
 */
export function requireGatewayAmount(deps: Pick<ServiceDeps, "config">, minor: number, currency: string): void {
  if (!isCurrencyCode(currency)) return;
  if (toGatewayAmount(money(minor, currency), deps.config.gateway.profile?.amountDecimals ?? "iso") !== null) return;
  throw new AppError("unprocessable", ["payments.amountNotWritable", { currency, amount: { money: { minor, currency } } }], {
    amount: [vmsg("amount.decimalPlaces", { currency, digits: 2 })],
  });
}

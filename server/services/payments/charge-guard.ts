// Guards on one charge, checked on the server before anything is stored or sent to the gateway:
//   - no charge above MAX_CHARGE in its currency (a slip of three zeros, an order number pasted into the amount):
//     refused, naming the limit;
//   - a charge made without the customer present (a phone order, a saved card, a recurring charge, a billing plan)
//     above CHARGE_CONFIRM_ABOVE needs the person to confirm that amount on that card. The first request is answered
//     confirmation_required with a `confirm` value; the browser shows "You are about to charge SAR 1,000,000.00 to
//     VISA •••• 1111", and sends the same request again with X-Confirm-Charge set to that value. The value names the
//     currency and the amount in minor units, so a confirmation never carries over to another amount.
// The confirmation is recorded in the charge's audit row (largeChargeConfirmed).
import { isCurrencyCode, type CurrencyCode } from "@/lib/money";
import { vmsg } from "@/lib/schemas/messages";
import { AppError } from "../../errors";
import { showAmount } from "./amount";
import type { ServiceContext, ServiceDeps } from "../deps";

export interface ChargeToGuard {
  minor: number;
  currency: string;
  /** The card as staff know it ("VISA •••• 1111"), for the confirmation's sentence; null when not known yet. */
  card: string | null;
  /** A payment link's hosted checkout: the customer pays there themself, so only the maximum applies. */
  customerPresent?: boolean;
}

/** What X-Confirm-Charge must say for this charge. */
export function confirmationToken(minor: number, currency: string): string {
  return `${currency}:${minor}`;
}

/**
 * Throws when the charge may not go ahead as asked; returns whether it was a confirmed large charge (for the audit
 * row). Call it after the amount is parsed and before anything is written.
 */
export async function guardCharge(
  ctx: Pick<ServiceContext, "chargeConfirmation"> & { deps: Pick<ServiceDeps, "config"> },
  charge: ChargeToGuard,
): Promise<{ largeChargeConfirmed: boolean }> {
  if (!isCurrencyCode(charge.currency)) return { largeChargeConfirmed: false };
  const currency: CurrencyCode = charge.currency;
  const { maxMinor, confirmAboveMinor } = ctx.deps.config.charges;
  const max = maxMinor[currency];
  const amount = { money: { minor: charge.minor, currency } };
  if (max !== undefined && charge.minor > max) {
    throw new AppError("unprocessable", ["payments.aboveMaxCharge", { amount, limit: { money: { minor: max, currency } } }], {
      amount: [vmsg("amount.atMost", { amount: showAmount(max, currency) })],
    });
  }
  const threshold = confirmAboveMinor[currency];
  if (charge.customerPresent || threshold === undefined || charge.minor <= threshold) return { largeChargeConfirmed: false };
  const token = confirmationToken(charge.minor, currency);
  const sent = (await ctx.chargeConfirmation?.()) ?? null;
  if (sent === token) return { largeChargeConfirmed: true };
  throw new AppError(
    "confirmation_required",
    charge.card ? ["payments.confirmLargeChargeCard", { amount, card: { ltr: charge.card } }] : ["payments.confirmLargeCharge", { amount }],
    undefined,
    token,
  );
}

// The payer e-mail and card parts that the CAPTURE and VOID hashes need, from the ledger.
import type { PaymentRow } from "../../db/schema";
import type { CardParts } from "../../gateway/signing";
import { AppError } from "../../errors";

export function hashInputsOf(payment: PaymentRow): { payerEmail: string; card: CardParts } {
  if (!payment.payerEmail || !payment.cardBin6 || !payment.cardLast4 || !payment.gatewayId) {
    throw new AppError("conflict", "payments.detailsNotInLedger");
  }
  return { payerEmail: payment.payerEmail, card: { bin6: payment.cardBin6, last4: payment.cardLast4 } };
}

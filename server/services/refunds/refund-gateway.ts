// How a refund goes to the gateway: the whole captured amount with nothing refunded yet → CREDITVOID (4.4);
// anything else → the partial-refund endpoint (4.5). Used when a refund is requested and when it is approved.
import { money, type CurrencyCode } from "@/lib/money";
import type { PaymentActionRow, PaymentRow } from "../../db/schema";
import type { PaymentPatch } from "../../ledger/payments";
import type { ServiceDeps } from "../deps";
import type { MoneyActionSpec } from "../payments/money-action";

export function refundMethod(payment: PaymentRow, amountMinor: number, reservedMinor: number): "full" | "partial" {
  return amountMinor === payment.capturedMinor && payment.refundedMinor === 0 && reservedMinor === 0 ? "full" : "partial";
}

export function refundGateway(deps: ServiceDeps): Pick<MoneyActionSpec, "type" | "send" | "onSuccess" | "refOf"> {
  return {
    type: "refund",
    send(payment: PaymentRow, action: PaymentActionRow) {
      const amount = money(action.amountMinor, payment.currency as CurrencyCode);
      if (action.method === "full") {
        // The family's capture-style CREDITVOID hash (profile, #16) needs the sale's payer e-mail and card.
        const card = payment.cardBin6 && payment.cardLast4 ? { bin6: payment.cardBin6, last4: payment.cardLast4 } : undefined;
        return deps.gateway.refund({ transId: payment.gatewayId!, amount, payerEmail: payment.payerEmail ?? undefined, card });
      }
      return deps.gateway.partialRefund({
        gwayId: payment.gatewayId!,
        orderId: payment.orderId,
        amount,
        // The ledger's address as recorded; the client sends an IPv6 or missing one as the profile's IPv4 fallback.
        payerIp: payment.payerIp,
      });
    },
    onSuccess(payment: PaymentRow, action: PaymentActionRow): PaymentPatch {
      const refundedMinor = payment.refundedMinor + action.amountMinor;
      return { refundedMinor, status: refundedMinor >= payment.capturedMinor ? "refunded" : "partially_refunded" };
    },
    refOf: (data) => {
      const id = (data as { payment_id?: unknown } | null)?.payment_id;
      return typeof id === "string" ? id : null;
    },
  };
}

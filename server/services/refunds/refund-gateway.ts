// How a refund goes to the gateway: the whole captured amount with nothing refunded yet → CREDITVOID (4.4);
// anything else → the partial-refund endpoint (4.5), which needs the payer's IPv4 address. The partial amount goes by
// CREDITVOID too, which the contract allows ("full and partial refunds use this same endpoint", 4.4), when:
//  - the ledger has no payer IPv4 address (a payment taken on the gateway's own page, an IPv6 payer): never a
//    made-up address;
//  - it repeats the amount of an earlier partial refund of the same payment that the gateway has or may have
//    accepted: that request would be identical to the earlier one (payment, order, amount, hash, payer IP), and the
//    gateway answers a repeated partial refund "Refund is already initiated." (section 7), taking it for a retry.
// Used when a refund is requested and when it is approved.
import { and, eq, inArray, lt, or } from "drizzle-orm";
import { money, type CurrencyCode } from "@/lib/money";
import { paymentActions, type PaymentActionRow, type PaymentRow } from "../../db/schema";
import type { PaymentPatch } from "../../ledger/payments";
import type { ServiceDeps } from "../deps";
import { ipv4Of } from "@/lib/ip-address";
import type { MoneyActionSpec } from "../payments/money-action";

export function refundMethod(payment: PaymentRow, amountMinor: number, reservedMinor: number): "full" | "partial" {
  return amountMinor === payment.capturedMinor && payment.refundedMinor === 0 && reservedMinor === 0 ? "full" : "partial";
}

export function refundGateway(deps: ServiceDeps): Pick<MoneyActionSpec, "type" | "send" | "onSuccess" | "refOf"> {
  return {
    type: "refund",
    async send(payment: PaymentRow, action: PaymentActionRow) {
      const amount = money(action.amountMinor, payment.currency as CurrencyCode);
      const payerIp = ipv4Of(payment.payerIp);
      if (action.method === "full" || payerIp === null || (await repeatsEarlierPartial(deps, action))) {
        // The family's capture-style CREDITVOID hash (profile, #16) needs the sale's payer e-mail and card.
        const card = payment.cardBin6 && payment.cardLast4 ? { bin6: payment.cardBin6, last4: payment.cardLast4 } : undefined;
        return deps.gateway.refund({ transId: payment.gatewayId!, amount, payerEmail: payment.payerEmail ?? undefined, card });
      }
      return deps.gateway.partialRefund({ gwayId: payment.gatewayId!, orderId: payment.orderId, amount, payerIp });
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

/**
 * True when an earlier partial refund of the same payment and amount was sent and not refused (in flight, unknown or
 * succeeded). "Earlier" is by creation time, then id, so that of two such refunds in flight at once exactly one
 * (the first) takes the partial-refund endpoint.
 */
async function repeatsEarlierPartial(deps: ServiceDeps, action: PaymentActionRow): Promise<boolean> {
  const [hit] = await deps.db
    .select({ id: paymentActions.id })
    .from(paymentActions)
    .where(
      and(
        eq(paymentActions.paymentId, action.paymentId),
        eq(paymentActions.type, "refund"),
        eq(paymentActions.method, "partial"),
        eq(paymentActions.amountMinor, action.amountMinor),
        inArray(paymentActions.state, ["in_flight", "unknown", "succeeded"]),
        or(
          lt(paymentActions.createdAt, action.createdAt),
          and(eq(paymentActions.createdAt, action.createdAt), lt(paymentActions.id, action.id)),
        ),
      ),
    )
    .limit(1);
  return hit !== undefined;
}

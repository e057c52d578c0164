// Refund by CREDITVOID (contract 4.4; urlencoded on /payment/post) and the separate partial refund (4.5; JSON on
// /payment/refund, answered in the {statusCode, responseBody} wrapper). Each accepted refund has its own payment_id.
import { z } from "zod";
import { confirmedBy } from "../confirmations";
import { creditvoidHashFor } from "../profile-signing";
import { partialRefundHash } from "../signing";
import type { GatewayResult } from "../result";
import type { Transport } from "../transport";
import { cardPartsSchema, emailSchema, idSchema, moneySchema, wireAmount } from "./common";

export const refundInputSchema = z.object({
  transId: idSchema,
  amount: moneySchema,
  /** The sale's payer e-mail and card: the family's capture-style CREDITVOID hash needs them (#16 profile). */
  payerEmail: emailSchema.optional(),
  card: cardPartsSchema.optional(),
});
export type RefundInput = z.input<typeof refundInputSchema>;

/** `result: accepted` and the refund's own payment_id (2.4). */
export const refundResponseSchema = z.looseObject({
  result: z.string(),
  payment_id: z.string().min(1),
});
export type RefundResponse = z.infer<typeof refundResponseSchema>;

export async function refund(t: Transport, input: RefundInput): Promise<GatewayResult<RefundResponse>> {
  const i = refundInputSchema.parse(input);
  return t.send({
    operation: "creditvoid",
    confirm: confirmedBy("creditvoid"),
    policy: "money",
    host: "form",
    method: "POST",
    path: "/payment/post",
    declines: true,
    transactionId: i.transId,
    response: refundResponseSchema,
    body: (c) => {
      const amount = wireAmount(i.amount, c.profile);
      return {
        type: "urlencoded",
        fields: {
          action: "CREDITVOID",
          client_key: c.clientKey,
          trans_id: i.transId,
          amount,
          hash: creditvoidHashFor(c.profile, {
            transId: i.transId,
            amount,
            secret: c.merchantSecret,
            payerEmail: i.payerEmail,
            card: i.card,
          }),
        },
      };
    },
  });
}

export const partialRefundInputSchema = z.object({
  /** Gateway transaction id of the sale (its trans_id). */
  gwayId: idSchema,
  /** Order id of the original sale. */
  orderId: idSchema,
  amount: moneySchema,
  /** "Payer IPv4 address" (4.5): the payer's, as the ledger recorded it; refund-gateway.ts sends CREDITVOID without one. */
  payerIp: z.ipv4(),
});
export type PartialRefundInput = z.input<typeof partialRefundInputSchema>;

export async function partialRefund(t: Transport, input: PartialRefundInput): Promise<GatewayResult<RefundResponse>> {
  const i = partialRefundInputSchema.parse(input);
  return t.send({
    operation: "partial_refund",
    confirm: confirmedBy("partial_refund"),
    policy: "money",
    host: "form",
    method: "POST",
    path: "/payment/refund",
    declines: true,
    orderId: i.orderId,
    transactionId: i.gwayId,
    response: refundResponseSchema,
    body: (c) => {
      const amount = wireAmount(i.amount, c.profile);
      return {
        type: "json",
        value: {
          gwayId: i.gwayId,
          order_id: i.orderId,
          // Wire name configurable: the brand abbreviation + `_merchant_id` in production (protocol notes).
          [c.partialRefundMerchantField]: c.clientKey,
          hash: partialRefundHash({ gwayId: i.gwayId, amount, secret: c.merchantSecret, upper: c.profile.upperCase }),
          payer_ip: i.payerIp,
          amount,
        },
      };
    },
  });
}

// Refund by CREDITVOID (contract 4.4; urlencoded on /payment/post) and the separate partial refund (4.5; JSON on
// /payment/refund, answered in the {statusCode, responseBody} wrapper). Each accepted refund has its own payment_id.
import { z } from "zod";
import { creditvoidHash, partialRefundHash } from "../signing";
import type { GatewayResult } from "../result";
import type { Transport } from "../transport";
import { idSchema, ipSchema, moneySchema, wireAmount } from "./common";

export const refundInputSchema = z.object({ transId: idSchema, amount: moneySchema });
export type RefundInput = z.input<typeof refundInputSchema>;

/** `result: accepted` and the refund's own payment_id (2.4). */
export const refundResponseSchema = z.looseObject({
  result: z.string(),
  payment_id: z.string().min(1),
});
export type RefundResponse = z.infer<typeof refundResponseSchema>;

export async function refund(t: Transport, input: RefundInput): Promise<GatewayResult<RefundResponse>> {
  const i = refundInputSchema.parse(input);
  const amount = wireAmount(i.amount);
  return t.send({
    operation: "creditvoid",
    policy: "money",
    host: "form",
    method: "POST",
    path: "/payment/post",
    declines: true,
    transactionId: i.transId,
    response: refundResponseSchema,
    body: (c) => ({
      type: "urlencoded",
      fields: {
        action: "CREDITVOID",
        client_key: c.clientKey,
        trans_id: i.transId,
        amount,
        hash: creditvoidHash({ transId: i.transId, amount, secret: c.merchantSecret }),
      },
    }),
  });
}

export const partialRefundInputSchema = z.object({
  /** Gateway transaction id of the sale (its trans_id). */
  gwayId: idSchema,
  /** Order id of the original sale. */
  orderId: idSchema,
  amount: moneySchema,
  payerIp: ipSchema,
});
export type PartialRefundInput = z.input<typeof partialRefundInputSchema>;

export async function partialRefund(t: Transport, input: PartialRefundInput): Promise<GatewayResult<RefundResponse>> {
  const i = partialRefundInputSchema.parse(input);
  const amount = wireAmount(i.amount);
  return t.send({
    operation: "partial_refund",
    policy: "money",
    host: "form",
    method: "POST",
    path: "/payment/refund",
    declines: true,
    orderId: i.orderId,
    transactionId: i.gwayId,
    response: refundResponseSchema,
    body: (c) => ({
      type: "json",
      value: {
        gwayId: i.gwayId,
        order_id: i.orderId,
        // Wire name configurable: the brand abbreviation + `_merchant_id` in production (protocol notes).
        [c.partialRefundMerchantField]: c.clientKey,
        hash: partialRefundHash({ gwayId: i.gwayId, amount, secret: c.merchantSecret }),
        payer_ip: i.payerIp,
        amount,
      },
    }),
  });
}

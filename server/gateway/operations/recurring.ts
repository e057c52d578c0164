// Unscheduled recurring charges: the form-based RECURRING_SALE (contract 4.6; urlencoded, whole-unit amounts, flat
// answer) and the JSON v2 call (4.11; X-API-KEY, answered in the {statusCode, responseBody} wrapper).
import { z } from "zod";
import { confirmedBy } from "../confirmations";
import { toWholeGatewayAmount } from "@/lib/money";
import { recurringSaleHashFor } from "../profile-signing";
import type { GatewayResult } from "../result";
import type { Transport } from "../transport";
import { cardPartsSchema, emailSchema, idSchema, jsonAmount, moneySchema, nonEmpty } from "./common";

export const recurringSaleInputSchema = z.object({
  /** New unique order id of this charge (also `order_number` in the hash). */
  orderId: idSchema,
  /**
   * Whole units only (contract 8): a fractional amount is refused, never rounded. The contract sends no currency:
   * the charge is in the first payment's currency, which the caller must pass here.
   */
  amount: moneySchema.refine((m) => toWholeGatewayAmount(m) !== null, "RECURRING_SALE takes whole units only"),
  /** trans_id of the first payment (the one made with recurring_init=Y). */
  firstTransId: idSchema,
  /** order_id of the first payment: sent instead of its trans_id when the profile says `order_id` (#16). */
  firstOrderId: idSchema.optional(),
  /** The first payment's payer e-mail and card: the family's SALE-style RECURRING_SALE hash needs them (#16). */
  payerEmail: emailSchema.optional(),
  card: cardPartsSchema.optional(),
  recurringToken: nonEmpty,
  description: nonEmpty,
  /** "IP of the payer in the first payment" (4.6, optional): sent only when the ledger has its IPv4 address. */
  payerIp: z.ipv4().optional(),
});
export type RecurringSaleInput = z.input<typeof recurringSaleInputSchema>;

/** Flat {result: SUCCESS, message, transaction_id}; DECLINED comes back as "declined". */
export const recurringSaleResponseSchema = z.looseObject({
  result: z.string(),
  status: z.string().optional(),
  message: z.string().optional(),
  transaction_id: z.string().optional(),
  trans_id: z.string().optional(),
});
export type RecurringSaleResponse = z.infer<typeof recurringSaleResponseSchema>;

export async function recurringSale(t: Transport, input: RecurringSaleInput): Promise<GatewayResult<RecurringSaleResponse>> {
  const i = recurringSaleInputSchema.parse(input);
  const amount = toWholeGatewayAmount(i.amount)!; // checked by the schema's refine
  return t.send({
    operation: "recurring_sale",
    confirm: confirmedBy("recurring_sale"),
    policy: "money",
    host: "form",
    method: "POST",
    path: "/payment/post",
    declines: true,
    orderId: i.orderId,
    response: recurringSaleResponseSchema,
    transactionIdOf: (d) => d.transaction_id ?? d.trans_id,
    body: (c) => {
      // `recurring_first_trans_id` is the first payment's trans_id (contract) or, on one production page, its order id.
      const firstId = c.profile.recurringFirstId === "order_id" ? (i.firstOrderId ?? i.firstTransId) : i.firstTransId;
      const fields: Record<string, string> = {
        action: "RECURRING_SALE",
        client_key: c.clientKey,
        order_id: i.orderId,
        order_amount: amount,
        order_description: i.description,
        recurring_first_trans_id: firstId,
        recurring_token: i.recurringToken,
        hash: recurringSaleHashFor(c.profile, {
          firstId,
          recurringToken: i.recurringToken,
          orderId: i.orderId,
          amount,
          description: i.description,
          secret: c.merchantSecret,
          payerEmail: i.payerEmail,
          card: i.card,
        }),
      };
      if (i.payerIp) fields.payer_ip = i.payerIp;
      return { type: "urlencoded", fields };
    },
  });
}

export const recurringV2InputSchema = z.object({
  /** Unique id of this recurring transaction. */
  transactionId: idSchema,
  recurringToken: nonEmpty,
  amount: moneySchema,
  /** Unique order number of this charge. */
  orderNumber: idSchema,
  description: nonEmpty,
});
export type RecurringV2Input = z.input<typeof recurringV2InputSchema>;

/** responseBody {result, status, payment_id} (2.8); DECLINED comes back as "declined". */
export const recurringV2ResponseSchema = z.looseObject({
  result: z.string(),
  status: z.string().optional(),
  payment_id: z.string().optional(),
});
export type RecurringV2Response = z.infer<typeof recurringV2ResponseSchema>;

export async function recurringV2(t: Transport, input: RecurringV2Input): Promise<GatewayResult<RecurringV2Response>> {
  const i = recurringV2InputSchema.parse(input);
  return t.send({
    operation: "recurring_v2",
    confirm: confirmedBy("recurring_v2"),
    policy: "money",
    host: "api",
    method: "POST",
    path: "/api/v2/payment-gateway/recurring",
    declines: true,
    orderId: i.orderNumber,
    response: recurringV2ResponseSchema,
    transactionIdOf: (d) => d.payment_id,
    body: (c) => {
      const amount = jsonAmount(i.amount, c.profile);
      return {
        type: "json",
        value: {
          transactionId: i.transactionId,
          recurringToken: i.recurringToken,
          amount,
          order: { number: i.orderNumber, amount, currency: i.amount.currency, description: i.description },
        },
      };
    },
  });
}

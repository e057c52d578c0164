// Reads: payment status (contract 4.7), saved cards (4.8) and transaction details (4.12). Retried by the transport
// on transport failures and 5xx. Status words are kept as received (z.string()): the list of values is not shown.
import { z } from "zod";
import { statusHash } from "../signing";
import type { GatewayResult } from "../result";
import type { Transport } from "../transport";
import { emailSchema, idSchema, optStr, seg } from "./common";

export const paymentStatusInputSchema = z.object({ orderId: idSchema, gwayPaymentId: idSchema });
export type PaymentStatusInput = z.input<typeof paymentStatusInputSchema>;

/** responseBody of the status answer (2.5). */
export const paymentStatusResponseSchema = z.looseObject({
  status: z.string(),
  date: optStr,
  brand: optStr,
  reason: optStr,
  rrn: optStr,
  payment_id: optStr,
  order: z
    .looseObject({
      number: optStr,
      amount: optStr,
      currency: optStr,
      description: optStr,
    })
    .nullish(),
  customer: z.looseObject({ name: optStr, email: optStr }).nullish(),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

export async function paymentStatus(t: Transport, input: PaymentStatusInput): Promise<GatewayResult<PaymentStatusResponse>> {
  const i = paymentStatusInputSchema.parse(input);
  return t.send({
    operation: "status",
    policy: "read",
    host: "form",
    method: "POST",
    path: "/payment/status",
    orderId: i.orderId,
    transactionId: i.gwayPaymentId,
    response: paymentStatusResponseSchema,
    body: (c) => ({
      type: "json",
      value: {
        order_id: i.orderId,
        merchant_id: c.clientKey,
        gway_Payment_id: i.gwayPaymentId,
        hash: statusHash({ gwayPaymentId: i.gwayPaymentId, secret: c.merchantSecret, upper: c.profile.upperCase }),
      },
    }),
  });
}

export const savedCardsInputSchema = z.object({
  /** Exactly the payer_email of the sale that saved the card. */
  customerReference: emailSchema,
});
export type SavedCardsInput = z.input<typeof savedCardsInputSchema>;

export const savedCardSchema = z.looseObject({
  id: z.number().int(),
  merchantId: optStr,
  customerReference: z.string(),
  cardToken: z.string().min(1),
  maskedCardNumber: z.string(),
  cardBrand: optStr,
  expiryMonth: z.string(),
  expiryYear: z.string(),
  isActive: z.boolean(),
  createdAt: z.number().nullish(),
  updatedAt: z.number().nullish(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;
export const savedCardsResponseSchema = z.array(savedCardSchema);

export async function savedCards(t: Transport, input: SavedCardsInput): Promise<GatewayResult<SavedCard[]>> {
  const i = savedCardsInputSchema.parse(input);
  return t.send({
    operation: "saved_cards",
    policy: "read",
    host: "form",
    method: "GET",
    path: "/payment/saved-cards",
    query: (c) => ({ merchant_id: c.clientKey, customer_reference: i.customerReference }),
    response: savedCardsResponseSchema,
  });
}

export const transactionDetailsInputSchema = z.object({ transactionId: idSchema });
export type TransactionDetailsInput = z.input<typeof transactionDetailsInputSchema>;

/** The record of 2.9; what the app relies on is typed, the rest passes through. */
export const transactionDetailsSchema = z.looseObject({
  transactionId: z.string(),
  orderId: optStr,
  amount: optStr,
  currencyCode: optStr,
  transactionStatus: optStr,
  paymentStatus: optStr,
  transactionType: optStr,
  rrn: optStr,
  pan: optStr,
  cardScheme: optStr,
  cardExpiration: optStr,
  cardHolderName: optStr,
  createdAt: optStr,
  finishedAt: optStr,
  totalRefundAmount: optStr,
  refundStatus: optStr,
  recurringToken: optStr,
  declineReason: optStr,
  paymentGatewayTransactionId: optStr,
  settlementStatus: optStr,
  reconciliationStatus: optStr,
  status: optStr,
  reason: optStr,
});
export type TransactionDetails = z.infer<typeof transactionDetailsSchema>;

export interface BusinessUnitNode {
  businessUnitId?: string | null;
  businessUnitName?: string | null;
  businessUnitNameAr?: string | null;
  businessUnitType?: string | null;
  parent?: BusinessUnitNode | null;
  children?: BusinessUnitNode[] | null;
  [key: string]: unknown;
}
export const businessUnitNodeSchema: z.ZodType<BusinessUnitNode> = z.lazy(() =>
  z.looseObject({
    businessUnitId: optStr,
    businessUnitName: optStr,
    businessUnitNameAr: optStr,
    businessUnitType: optStr,
    parent: businessUnitNodeSchema.nullish(),
    children: z.array(businessUnitNodeSchema).nullish(),
  }),
);

export const transactionDetailsResponseSchema = z.looseObject({
  transactionDetails: transactionDetailsSchema,
  businessUnitHierarchy: businessUnitNodeSchema.nullish(),
});
export type TransactionDetailsResponse = z.infer<typeof transactionDetailsResponseSchema>;

export async function transactionDetails(t: Transport, input: TransactionDetailsInput): Promise<GatewayResult<TransactionDetailsResponse>> {
  const i = transactionDetailsInputSchema.parse(input);
  return t.send({
    operation: "transaction_details",
    policy: "read",
    host: "api",
    method: "GET",
    path: `/api/v1/transactions/${seg(i.transactionId)}/details`,
    transactionId: i.transactionId,
    response: transactionDetailsResponseSchema,
  });
}

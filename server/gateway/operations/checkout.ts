// Hosted checkout session (contract 4.9) and server-to-server sale (4.10): JSON with X-API-KEY on the JSON host.
// Both start a payment, so neither is retried automatically.
import { z } from "zod";
import { confirmedBy } from "../confirmations";
import { s2sSaleHashFor } from "../profile-signing";
import { cardPartsOf } from "../signing";
import type { GatewayResult } from "../result";
import type { Transport } from "../transport";
import { cardSchema, emailSchema, idSchema, jsonAmount, moneySchema, nonEmpty, urlSchema, yn } from "./common";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "date: YYYY-MM-DD");

export const initiateCheckoutInputSchema = z.object({
  orderId: idSchema,
  amount: moneySchema,
  customer: z.object({
    name: nonEmpty,
    email: emailSchema,
    phone: nonEmpty,
    idNumber: z.string().optional(),
    idType: z.string().optional(),
    taxNumber: z.string().optional(),
  }),
  address: z
    .object({
      country: z.string().optional(),
      state: z.string().optional(),
      city: z.string().optional(),
      address: z.string().optional(),
      zip: z.string().optional(),
    })
    .optional(),
  recurringInit: z.boolean().optional(),
  auth: z.boolean(),
  successUrl: urlSchema,
  failureUrl: urlSchema,
  activityId: z.number().int().optional(),
  issueDate: isoDate.optional(),
  expireDate: isoDate.optional(),
});
export type InitiateCheckoutInput = z.input<typeof initiateCheckoutInputSchema>;

export const initiateCheckoutResponseSchema = z.looseObject({ redirectUrl: z.string().min(1) });
export type InitiateCheckoutResponse = z.infer<typeof initiateCheckoutResponseSchema>;

export async function initiateCheckout(t: Transport, input: InitiateCheckoutInput): Promise<GatewayResult<InitiateCheckoutResponse>> {
  const i = initiateCheckoutInputSchema.parse(input);
  const rest: Record<string, unknown> = {
    customerDetails: i.customer,
    auth: yn(i.auth),
    successUrl: i.successUrl,
    failureUrl: i.failureUrl,
  };
  if (i.address) rest.address = i.address;
  if (i.recurringInit !== undefined) rest.recurringInit = yn(i.recurringInit);
  if (i.activityId !== undefined) rest.activityId = i.activityId;
  if (i.issueDate) rest.issueDate = i.issueDate;
  if (i.expireDate) rest.expireDate = i.expireDate;
  return t.send({
    operation: "initiate",
    policy: "money",
    host: "api",
    method: "POST",
    path: "/api/v1/payment-gateway/initiate",
    orderId: i.orderId,
    response: initiateCheckoutResponseSchema,
    // The amount in the profile's decimals (GATEWAY_AMOUNT_DECIMALS), placed where the contract's example has it.
    body: (c) => ({
      type: "json",
      value: { orderId: i.orderId, currency: i.amount.currency, amount: jsonAmount(i.amount, c.profile), ...rest },
    }),
  });
}

export const s2sSaleInputSchema = z.object({
  orderId: idSchema,
  amount: moneySchema,
  auth: z.boolean(),
  card: cardSchema,
  customer: z.object({ name: nonEmpty, email: emailSchema, phone: nonEmpty }),
  successUrl: urlSchema,
  failureUrl: urlSchema,
});
export type S2sSaleInput = z.input<typeof s2sSaleInputSchema>;

/**
 * data of the S2S answer (2.7): `Pending` + html when 3-D Secure is required (render the html unmodified),
 * `Success` when frictionless; `Declined` comes back as "declined".
 */
export const s2sSaleResponseSchema = z.looseObject({
  result: z.string(),
  status: z.string().optional(),
  paymentId: z.string().optional(),
  acquirerPaymentId: z.string().nullish(),
  html: z.string().optional(),
});
export type S2sSaleResponse = z.infer<typeof s2sSaleResponseSchema>;

export async function s2sSale(t: Transport, input: S2sSaleInput): Promise<GatewayResult<S2sSaleResponse>> {
  const i = s2sSaleInputSchema.parse(input);
  return t.send({
    operation: "s2s_sale",
    confirm: confirmedBy("s2s_sale"),
    policy: "money",
    host: "api",
    method: "POST",
    path: "/api/v1/payment-gateway/s2s/sale",
    declines: true,
    orderId: i.orderId,
    response: s2sSaleResponseSchema,
    transactionIdOf: (d) => d.paymentId,
    body: (c) => ({
      type: "json",
      value: {
        orderId: i.orderId,
        amount: jsonAmount(i.amount, c.profile),
        currency: i.amount.currency,
        paymentMethod: "card",
        auth: yn(i.auth),
        card: {
          cardNumber: i.card.number,
          cardExpiryMonth: i.card.expMonth,
          cardExpiryYear: i.card.expYear,
          cardCvv: i.card.cvv,
        },
        customer: i.customer,
        successUrl: i.successUrl,
        failureUrl: i.failureUrl,
        // The S2S sale's secret is the API key (contract 5.2) or the merchant secret (family): the profile says which.
        hash: s2sSaleHashFor(c.profile, {
          email: i.customer.email,
          card: cardPartsOf(i.card.number),
          apiKey: c.apiKey,
          merchantSecret: c.merchantSecret,
        }),
      },
    }),
  });
}

// CAPTURE (contract 4.3) and VOID (protocol family): urlencoded on /payment/post, both signed with the CAPTURE
// formula, which needs the payer e-mail and the card's BIN6/LAST4 that the ledger kept from the sale.
import { z } from "zod";
import { confirmedBy } from "../confirmations";
import { captureHash, voidHash } from "../signing";
import { captureHashEmailOf } from "../profile";
import type { GatewayResult } from "../result";
import type { Transport } from "../transport";
import { cardPartsSchema, emailSchema, idSchema, moneySchema, wireAmount } from "./common";

export const captureInputSchema = z.object({
  transId: idSchema,
  amount: moneySchema,
  payerEmail: emailSchema,
  card: cardPartsSchema,
});
export type CaptureInput = z.input<typeof captureInputSchema>;

/** Capture answer (2.3): SUCCESS + SETTLED; DECLINED + PENDING with decline_reason comes back as "declined". */
export const captureResponseSchema = z.looseObject({
  action: z.string().optional(),
  result: z.string(),
  status: z.string().optional(),
  order_id: z.string().optional(),
  trans_id: z.string().optional(),
  trans_date: z.string().optional(),
  amount: z.string().optional(),
  currency: z.string().optional(),
  rrn: z.string().optional(),
  card_brand: z.string().optional(),
  merchant_name: z.string().optional(),
});
export type CaptureResponse = z.infer<typeof captureResponseSchema>;

export async function capture(t: Transport, input: CaptureInput): Promise<GatewayResult<CaptureResponse>> {
  const i = captureInputSchema.parse(input);
  return t.send({
    operation: "capture",
    confirm: confirmedBy("capture"),
    policy: "money",
    host: "form",
    method: "POST",
    path: "/payment/post",
    declines: true,
    transactionId: i.transId,
    response: captureResponseSchema,
    body: (c) => ({
      type: "urlencoded",
      fields: {
        action: "CAPTURE",
        client_key: c.clientKey,
        trans_id: i.transId,
        amount: wireAmount(i.amount, c.profile),
        hash: captureHash({
          email: captureHashEmailOf(i.payerEmail, c.profile),
          secret: c.merchantSecret,
          transId: i.transId,
          card: i.card,
          upper: c.profile.upperCase,
        }),
      },
    }),
  });
}

export const voidInputSchema = z.object({ transId: idSchema, payerEmail: emailSchema, card: cardPartsSchema });
export type VoidInput = z.input<typeof voidInputSchema>;

/** VOID answer (protocol family): SUCCESS + VOID; DECLINED + SETTLED comes back as "declined". */
export const voidResponseSchema = captureResponseSchema;
export type VoidResponse = z.infer<typeof voidResponseSchema>;

export async function voidAuthorization(t: Transport, input: VoidInput): Promise<GatewayResult<VoidResponse>> {
  const i = voidInputSchema.parse(input);
  return t.send({
    operation: "void",
    confirm: confirmedBy("void"),
    policy: "money",
    host: "form",
    method: "POST",
    path: "/payment/post",
    declines: true,
    transactionId: i.transId,
    response: voidResponseSchema,
    body: (c) => ({
      type: "urlencoded",
      fields: {
        action: "VOID",
        client_key: c.clientKey,
        trans_id: i.transId,
        hash: voidHash({
          email: captureHashEmailOf(i.payerEmail, c.profile),
          secret: c.merchantSecret,
          transId: i.transId,
          card: i.card,
          upper: c.profile.upperCase,
        }),
      },
    }),
  });
}

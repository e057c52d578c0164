// SALE with card data (contract 4.1), SALE with a saved card token (protocol family) and the collector (4.2).
// SALE and token sale are multipart/form-data on /payment/post; the collector takes JSON and answers HTML.
import { z } from "zod";
import { confirmedBy } from "../confirmations";
import { cardPartsOf, saleHash, tokenSaleHash } from "../signing";
import type { GatewayResult } from "../result";
import type { Credentials, Transport } from "../transport";
import { cardSchema, emailSchema, idSchema, moneySchema, nonEmpty, urlSchema, wireAmount, yn } from "./common";

export const payerSchema = z.object({
  firstName: nonEmpty,
  lastName: nonEmpty,
  /** The contract describes it as "e-mail or address of the customer". */
  address: nonEmpty,
  country: z.string().regex(/^[A-Z]{2,3}$/, "country code"),
  city: nonEmpty,
  zip: nonEmpty,
  /** Also the saved-card `customer_reference` and an input of the hash: sent exactly as given. */
  email: emailSchema,
  phone: nonEmpty,
  /** The payer's IPv4 address (lib/ip-address.ts ipv4Of): the service finds a real one or refuses the payment. */
  ip: z.ipv4(),
});

const saleCommon = {
  orderId: idSchema,
  amount: moneySchema,
  description: nonEmpty,
  payer: payerSchema,
  termUrl: urlSchema,
  /** true: authorize only (a later CAPTURE takes the money). */
  auth: z.boolean(),
  /** `save_token=Y` makes the gateway keep the card; off unless the customer asked for it. */
  saveToken: z.boolean().optional(),
  recurringInit: z.boolean().optional(),
  reqToken: z.boolean().optional(),
};

export const saleInputSchema = z.object({ ...saleCommon, card: cardSchema });
export type SaleInput = z.input<typeof saleInputSchema>;

export const tokenSaleInputSchema = z.object({ ...saleCommon, cardToken: nonEmpty });
export type TokenSaleInput = z.input<typeof tokenSaleInputSchema>;

/**
 * Sale answer (2.2): REDIRECT with the collector's URL and body; a token sale of a frictionless card may answer
 * the final result directly (SUCCESS + SETTLED, or + PENDING when auth=Y). Token fields are protocol family.
 */
export const saleResponseSchema = z.looseObject({
  action: z.string().optional(),
  result: z.string(),
  status: z.string().optional(),
  order_id: z.string().optional(),
  trans_id: z.string().min(1),
  trans_date: z.string().optional(),
  amount: z.string().optional(),
  currency: z.string().optional(),
  redirect_url: z.string().optional(),
  redirect_params: z.looseObject({ body: z.string().optional() }).or(z.array(z.unknown())).optional(),
  redirect_method: z.string().optional(),
  card_token: z.string().optional(),
  recurring_token: z.string().optional(),
});
export type SaleResponse = z.infer<typeof saleResponseSchema>;

type SaleCommon = z.output<z.ZodObject<typeof saleCommon>>;

function commonFields(i: SaleCommon, c: Credentials): Record<string, string> {
  const fields: Record<string, string> = {
    action: "SALE",
    client_key: c.clientKey,
    order_id: i.orderId,
    order_amount: wireAmount(i.amount, c.profile),
    order_currency: i.amount.currency,
    order_description: i.description,
    payer_first_name: i.payer.firstName,
    payer_last_name: i.payer.lastName,
    payer_address: i.payer.address,
    payer_country: i.payer.country,
    payer_city: i.payer.city,
    payer_zip: i.payer.zip,
    payer_email: i.payer.email,
    payer_phone: i.payer.phone,
    payer_ip: i.payer.ip,
    term_url_3ds: i.termUrl,
    auth: yn(i.auth),
    save_token: yn(i.saveToken ?? false),
  };
  if (i.recurringInit !== undefined) fields.recurring_init = yn(i.recurringInit);
  if (i.reqToken !== undefined) fields.req_token = yn(i.reqToken);
  return fields;
}

export async function sale(t: Transport, input: SaleInput): Promise<GatewayResult<SaleResponse>> {
  const i = saleInputSchema.parse(input);
  return t.send({
    operation: "sale",
    confirm: confirmedBy("sale"),
    policy: "money",
    host: "form",
    method: "POST",
    path: "/payment/post",
    declines: true,
    orderId: i.orderId,
    response: saleResponseSchema,
    body: (c) => ({
      type: "multipart",
      fields: {
        ...commonFields(i, c),
        card_number: i.card.number,
        card_exp_month: i.card.expMonth,
        card_exp_year: i.card.expYear,
        card_cvv2: i.card.cvv,
        hash: saleHash({ email: i.payer.email, secret: c.merchantSecret, card: cardPartsOf(i.card.number), upper: c.profile.upperCase }),
      },
    }),
  });
}

/** Protocol family: the SALE with `card_token` in place of the card fields, and the token hash. */
export async function tokenSale(t: Transport, input: TokenSaleInput): Promise<GatewayResult<SaleResponse>> {
  const i = tokenSaleInputSchema.parse(input);
  return t.send({
    operation: "token_sale",
    confirm: confirmedBy("token_sale"),
    policy: "money",
    host: "form",
    method: "POST",
    path: "/payment/post",
    declines: true,
    orderId: i.orderId,
    response: saleResponseSchema,
    body: (c) => ({
      type: "multipart",
      fields: {
        ...commonFields(i, c),
        card_token: i.cardToken,
        hash: tokenSaleHash({ email: i.payer.email, secret: c.merchantSecret, cardToken: i.cardToken, upper: c.profile.upperCase }),
      },
    }),
  });
}

export const collectorInputSchema = z.object({
  /** `redirect_params.body` of the sale, forwarded unchanged. */
  body: z.string().min(1),
  /** `redirect_url` of the sale; used only when it is on a configured gateway origin. */
  redirectUrl: z.string().optional(),
});
export type CollectorInput = z.input<typeof collectorInputSchema>;

export const collectorResponseSchema = z.object({ html: z.string(), contentType: z.string() });
/** The collector's page, and the origin it came from (where its relative URLs resolve). */
export type CollectorResponse = z.infer<typeof collectorResponseSchema> & { origin: string };

/** Where the collector may be: the form host's origin, and the configured collector origins. */
export interface CollectorOrigins {
  base: string;
  others: readonly string[];
}

type CollectorTarget = { path: string; absolutePath: boolean; origin?: string } | { refused: string };

/**
 * Where the body goes (2.2: `redirect_url` is "URL to which the next POST is sent"): the sale's redirect_url when it
 * is on a gateway origin (the form host's, e.g. the production gateway's `/collector/{trans_id}`, or a configured
 * collector origin); the contract's `/payment/Collector` when there is none. A redirect_url anywhere else is refused:
 * the dashboard never posts a payment to a host its operator did not name (SSRF).
 */
export function collectorTarget(redirectUrl: string | undefined, origins: CollectorOrigins): CollectorTarget {
  if (!redirectUrl) return { path: "/payment/Collector", absolutePath: false };
  let u: URL;
  try {
    u = new URL(redirectUrl, `${origins.base}/`);
  } catch {
    return { refused: "the sale's redirect_url is not a URL" };
  }
  if (u.username || u.password) return { refused: "the sale's redirect_url carries credentials" };
  if (u.origin === origins.base) return { path: u.pathname + u.search, absolutePath: true };
  if (origins.others.includes(u.origin)) return { path: u.pathname + u.search, absolutePath: true, origin: u.origin };
  return { refused: `the sale's redirect_url is on ${u.origin}, not a configured gateway origin (GATEWAY_COLLECTOR_ORIGINS)` };
}

export async function collector(
  t: Transport,
  origins: CollectorOrigins,
  input: CollectorInput,
  onRefused: (reason: string) => void = () => {},
): Promise<GatewayResult<CollectorResponse>> {
  const i = collectorInputSchema.parse(input);
  const target = collectorTarget(i.redirectUrl, origins);
  if ("refused" in target) {
    onRefused(target.refused);
    // Nothing was sent: the sale waits at the gateway, and the status query settles it.
    return { kind: "transport", reason: "redirect", outcomeUnknown: false, message: `collector not called: ${target.refused}` };
  }
  const answer = await t.send({
    operation: "collector",
    policy: "money",
    host: "form",
    method: "POST",
    ...target,
    expect: "html",
    declines: true,
    response: collectorResponseSchema,
    body: () => ({ type: "json", value: { body: i.body } }),
  });
  return answer.kind === "success" ? { ...answer, data: { ...answer.data, origin: target.origin ?? origins.base } } : answer;
}

// Helpers for the sandbox's own tests: start a sandbox, sign and send each kind of request over real HTTP.
// They sign with the CLIENT's module (server/gateway/signing.ts) on purpose: the client is what the sandbox judges.
import {
  captureHash,
  cardPartsOf,
  creditvoidHash,
  partialRefundHash,
  recurringSaleHash,
  s2sSaleHash,
  saleHash,
  statusHash,
  tokenSaleHash,
} from "../../server/gateway/signing";
import { SANDBOX_DEFAULTS } from "../../server/gateway/sandbox-defaults";
import { sandboxProfileOf } from "../../sandbox/profile";
import { startSandbox, type RunningSandbox, type SandboxOptions } from "../../sandbox/server";

export const D = SANDBOX_DEFAULTS;
export const EMAIL = "payer@example.com";
export const CARD = "4111111111111111";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

let seq = 0;
export const orderId = (prefix = "ord") => `${prefix}-${Date.now().toString(36)}-${++seq}`;

/** The sandbox's own tests sign with the contract's formulas: they pin the contract preset whatever GATEWAY_PROFILE says. */
export function start(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ port: 0, dataDir: null, callbackUrl: null, profile: sandboxProfileOf({}), ...opts });
}

export interface SaleOptions {
  card?: string;
  exp?: string; // "MM/YYYY"
  auth?: boolean;
  email?: string;
  amount?: string;
  currency?: string;
  order?: string;
  extra?: Record<string, string>;
  cardToken?: string;
  multipart?: boolean;
}

export function saleFields(o: SaleOptions = {}): Record<string, string> {
  const email = o.email ?? EMAIL;
  const [month, year] = (o.exp ?? "01/2038").split("/") as [string, string];
  const base: Record<string, string> = {
    action: "SALE",
    client_key: D.clientKey,
    order_id: o.order ?? orderId(),
    order_amount: o.amount ?? "100.00",
    order_currency: o.currency ?? "SAR",
    order_description: "Test order",
    payer_first_name: "Noura",
    payer_last_name: "Test",
    payer_address: "1 Test Street",
    payer_country: "SA",
    payer_city: "Riyadh",
    payer_zip: "12345",
    payer_email: email,
    payer_phone: "+966500000000",
    payer_ip: "203.0.113.7",
    term_url_3ds: "https://merchant.example/return?ref=abc",
    auth: o.auth ? "Y" : "N",
  };
  if (o.cardToken) {
    base.card_token = o.cardToken;
    base.hash = tokenSaleHash({ email, secret: D.merchantSecret, cardToken: o.cardToken });
  } else {
    const card = o.card ?? CARD;
    Object.assign(base, { card_number: card, card_exp_month: month, card_exp_year: year, card_cvv2: "123" });
    base.hash = saleHash({ email, secret: D.merchantSecret, card: cardPartsOf(card) });
  }
  return { ...base, ...o.extra };
}

export async function postForm(sb: RunningSandbox, path: string, fields: Record<string, string>, multipart = false) {
  let body: FormData | URLSearchParams;
  if (multipart) {
    body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
  } else body = new URLSearchParams(fields);
  return fetch(sb.url + path, { method: "POST", body });
}

export async function postJson(sb: RunningSandbox, path: string, value: unknown, apiKey?: string, method = "POST") {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (apiKey) headers["x-api-key"] = apiKey;
  return fetch(sb.url + path, { method, headers, body: JSON.stringify(value) });
}

export async function api(sb: RunningSandbox, method: string, path: string, value?: unknown, apiKey: string = D.apiKey) {
  const headers: Record<string, string> = { "x-api-key": apiKey };
  if (value !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(sb.url + path, { method, headers, body: value === undefined ? undefined : JSON.stringify(value) });
  return { status: res.status, body: (await res.json()) as Json };
}

export async function sale(sb: RunningSandbox, o: SaleOptions = {}): Promise<{ status: number; body: Json }> {
  const res = await postForm(sb, "/payment/post", saleFields(o), o.multipart ?? true);
  return { status: res.status, body: (await res.json()) as Json };
}

/** POST the redirect body to the collector; answer the challenge with `otp` if one is shown. */
export async function collect(sb: RunningSandbox, redirect: Json, otp = "1234"): Promise<{ status: number; html: string }> {
  const res = await fetch(redirect.redirect_url as string, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ body: (redirect.redirect_params as Json).body }),
  });
  const html = await res.text();
  if (!html.includes('name="otp"')) return { status: res.status, html };
  return answer(sb, redirect.trans_id as string, otp);
}

export async function answer(sb: RunningSandbox, transId: string, otp: string) {
  const res = await postForm(sb, `/payment/challenge/${transId}`, { otp });
  return { status: res.status, html: await res.text() };
}

/** A whole SALE: post, collector, challenge; returns the trans_id. */
export async function pay(sb: RunningSandbox, o: SaleOptions = {}, otp = "1234"): Promise<string> {
  const s = await sale(sb, o);
  if (s.body.result !== "REDIRECT") throw new Error(`sale failed: ${JSON.stringify(s.body)}`);
  await collect(sb, s.body, otp);
  return s.body.trans_id as string;
}

export async function capture(sb: RunningSandbox, transId: string, amount: string, o: { email?: string; card?: string } = {}) {
  const hash = captureHash({ email: o.email ?? EMAIL, secret: D.merchantSecret, transId, card: cardPartsOf(o.card ?? CARD) });
  const res = await postForm(sb, "/payment/post", { action: "CAPTURE", client_key: D.clientKey, trans_id: transId, amount, hash });
  return { status: res.status, body: (await res.json()) as Json };
}

export async function voidIt(sb: RunningSandbox, transId: string, o: { email?: string; card?: string } = {}) {
  const hash = captureHash({ email: o.email ?? EMAIL, secret: D.merchantSecret, transId, card: cardPartsOf(o.card ?? CARD) });
  const res = await postForm(sb, "/payment/post", { action: "VOID", client_key: D.clientKey, trans_id: transId, hash });
  return { status: res.status, body: (await res.json()) as Json };
}

export async function creditvoid(sb: RunningSandbox, transId: string, amount: string, hash?: string) {
  const h = hash ?? creditvoidHash({ transId, amount, secret: D.merchantSecret });
  const res = await postForm(sb, "/payment/post", { action: "CREDITVOID", client_key: D.clientKey, trans_id: transId, amount, hash: h });
  return { status: res.status, body: (await res.json()) as Json };
}

export async function partialRefund(sb: RunningSandbox, gwayId: string, order: string, amount: string, over: Json = {}) {
  const body = {
    gwayId,
    order_id: order,
    gateway_merchant_id: D.clientKey,
    hash: partialRefundHash({ gwayId, amount, secret: D.merchantSecret }),
    payer_ip: "203.0.113.7",
    amount,
    ...over,
  };
  const res = await postJson(sb, "/payment/refund", body);
  return { status: res.status, body: (await res.json()) as Json };
}

export async function status(sb: RunningSandbox, transId: string, order: string, hash?: string) {
  const res = await postJson(sb, "/payment/status", {
    order_id: order,
    merchant_id: D.clientKey,
    gway_Payment_id: transId,
    hash: hash ?? statusHash({ gwayPaymentId: transId, secret: D.merchantSecret }),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

export function orderOf(sb: RunningSandbox, transId: string): string {
  return sb.state.payment(transId)!.orderId;
}

export function recurringFields(firstTransId: string, token: string, amount: string, order = orderId("rec")) {
  const description = "Monthly plan";
  return {
    action: "RECURRING_SALE",
    order_id: order,
    client_key: D.clientKey,
    order_amount: amount,
    recurring_first_trans_id: firstTransId,
    order_description: description,
    payer_ip: "203.0.113.7",
    recurring_token: token,
    hash: recurringSaleHash({ firstTransId, recurringToken: token, orderId: order, amount, description, secret: D.merchantSecret }),
  };
}

export function s2sBody(o: { card?: string; exp?: string; auth?: boolean; order?: string; email?: string; apiKey?: string } = {}) {
  const card = o.card ?? CARD;
  const email = o.email ?? EMAIL;
  const [month, year] = (o.exp ?? "01/2038").split("/") as [string, string];
  return {
    orderId: o.order ?? orderId("s2s"),
    amount: 50.5,
    currency: "SAR",
    paymentMethod: "card",
    auth: o.auth ? "Y" : "N",
    card: { cardNumber: card, cardExpiryMonth: month, cardExpiryYear: year, cardCvv: "123" },
    customer: { name: "Noura Test", email, phone: "+966500000000" },
    successUrl: "https://merchant.example/ok?x=1",
    failureUrl: "https://merchant.example/fail",
    hash: s2sSaleHash({ email, apiKey: o.apiKey ?? D.apiKey, card: cardPartsOf(card) }),
  };
}

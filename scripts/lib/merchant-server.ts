// What a merchant's own server would send to the sandbox to start a customer's payment: for the browser tests of
// the sandbox's customer-facing pages and the benchmark's seeded sale (a script, so kept out of e2e/, which production
// code never imports). Talks to the sandbox over HTTP with the documented sandbox credentials.
import { randomUUID } from "node:crypto";
import { cardPartsOf, saleHash, statusHash } from "../../server/gateway/signing";
import { SANDBOX_DEFAULTS } from "../../server/gateway/sandbox-defaults";

export const newOrderId = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

export async function startFormSale(
  sandbox: string,
  p: { orderId: string; card: string; expMonth: string; expYear: string; email: string; termUrl: string; amount?: string; auth?: boolean },
) {
  const form = new FormData();
  const fields: Record<string, string> = {
    action: "SALE",
    client_key: SANDBOX_DEFAULTS.clientKey,
    order_id: p.orderId,
    order_amount: p.amount ?? "25.00",
    order_currency: "SAR",
    order_description: "Browser test order",
    payer_first_name: "Noura",
    payer_last_name: "Haddad",
    payer_address: "1 King Fahd Road",
    payer_country: "SA",
    payer_city: "Riyadh",
    payer_zip: "12211",
    payer_email: p.email,
    payer_phone: "+966500000001",
    payer_ip: "127.0.0.1",
    term_url_3ds: p.termUrl,
    card_number: p.card,
    card_exp_month: p.expMonth,
    card_exp_year: p.expYear,
    card_cvv2: "123",
    save_token: "Y",
    ...(p.auth ? { auth: "Y" } : {}),
    hash: saleHash({ email: p.email, secret: SANDBOX_DEFAULTS.merchantSecret, card: cardPartsOf(p.card) }),
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${sandbox}/payment/post`, { method: "POST", body: form });
  const body = (await res.json()) as { result: string; trans_id: string; redirect_url: string; redirect_params: { body: string } };
  if (body.result !== "REDIRECT") throw new Error(`SALE did not redirect: ${JSON.stringify(body)}`);
  const collector = await fetch(body.redirect_url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ body: body.redirect_params.body }),
  });
  return { transId: body.trans_id, html: await collector.text() };
}

export async function paymentStatus(sandbox: string, orderId: string, transId: string): Promise<string> {
  const res = await fetch(`${sandbox}/payment/status`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      order_id: orderId,
      merchant_id: SANDBOX_DEFAULTS.clientKey,
      gway_Payment_id: transId,
      hash: statusHash({ gwayPaymentId: transId, secret: SANDBOX_DEFAULTS.merchantSecret }),
    }),
  });
  const body = (await res.json()) as { statusCode: number; responseBody: { status: string } };
  return body.responseBody.status;
}

export async function initiateCheckout(sandbox: string, p: { orderId: string; successUrl: string; failureUrl: string }) {
  const res = await fetch(`${sandbox}/api/v1/payment-gateway/initiate`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": SANDBOX_DEFAULTS.apiKey },
    body: JSON.stringify({
      orderId: p.orderId,
      currency: "SAR",
      amount: 149.5,
      customerDetails: { name: "Omar Saleh", email: "omar@example.com", phone: "+966500000002" },
      auth: "N",
      successUrl: p.successUrl,
      failureUrl: p.failureUrl,
    }),
  });
  const body = (await res.json()) as { code: number; data: { redirectUrl: string } };
  if (body.code !== 200) throw new Error(`initiate failed: ${JSON.stringify(body)}`);
  return body.data.redirectUrl;
}

// Payments for the browser tests that need one on screen (accessibility walk, keyboard tests): a customer pays on
// the merchant's website, straight at the sandbox, and the sandbox's notification puts the payment in the ledger.
// `page` must be signed in: the ledger is polled through the dashboard's own list API.
import { expect, type Page } from "@playwright/test";
import { e2eUrls } from "../../playwright.config";
import { cardPartsOf, saleHash } from "../../server/gateway/signing";
import { SANDBOX_DEFAULTS } from "../../server/gateway/sandbox-defaults";
import { newOrderId, startFormSale } from "../../scripts/lib/merchant-server";

/** Waits until the ledger lists the order, and returns the dashboard's payment id. */
/**
 * The payment's id once the sandbox's notification has been processed into the ledger: the row is there AND its
 * status is an outcome (authorized, captured, declined, …). The receiver stores a notification and answers at once;
 * the ledger row can exist a moment before the queue applies the outcome, and a screen read in that moment (the
 * Captures queue lists authorized payments only) would not show it yet.
 */
export async function paymentIdOf(page: Page, orderId: string): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const body = (await (await page.request.get(`/api/transactions?q=${encodeURIComponent(orderId)}`)).json()) as {
          items?: Array<{ id: string; status: string }>;
        };
        id = body.items?.[0]?.id;
        const status = body.items?.[0]?.status;
        return body.items?.length === 1 && status && !IN_PROGRESS.has(status) ? "settled" : `${body.items?.length ?? 0} ${status}`;
      },
      { timeout: 20_000, message: "the sandbox's notification should put the payment's outcome in the ledger" },
    )
    .toBe("settled");
  return id!;
}

/** Statuses before the outcome is known. */
const IN_PROGRESS = new Set(["pending", "awaiting_3ds", "unknown"]);

/** A sale (captured) or an authorization (auth), approved without a challenge; a VISA test card unless `card` says. */
export async function customerPays(
  page: Page,
  opts: { amount: string; auth: boolean; card?: string },
): Promise<{ orderId: string; paymentId: string }> {
  const orderId = newOrderId(opts.auth ? "e2e-auth" : "e2e-sale");
  await startFormSale(e2eUrls.sandbox, {
    orderId,
    card: opts.card ?? "4111111111111111",
    expMonth: "01",
    expYear: "2038",
    email: `customer.${orderId}@example.com`,
    termUrl: `${e2eUrls.app}/payments/return`,
    amount: opts.amount,
    auth: opts.auth,
  });
  return { orderId, paymentId: await paymentIdOf(page, orderId) };
}

/**
 * The merchant's website starts a SALE with recurring_init=Y (and save_token=Y when `saveCard`), straight at the
 * sandbox, and the customer pays with an approved card; the sandbox's notification then brings it to the ledger.
 */
export async function websiteRecurringSale(orderId: string, email: string, opts: { saveCard: boolean }): Promise<void> {
  const card = "4111111111111111";
  const fields: Record<string, string> = {
    action: "SALE",
    client_key: SANDBOX_DEFAULTS.clientKey,
    order_id: orderId,
    order_amount: "40.00",
    order_currency: "SAR",
    order_description: "Subscription start",
    payer_first_name: "Noura",
    payer_last_name: "Haddad",
    payer_address: "1 King Fahd Road",
    payer_country: "SA",
    payer_city: "Riyadh",
    payer_zip: "12211",
    payer_email: email,
    payer_phone: "+966500000001",
    payer_ip: "127.0.0.1",
    term_url_3ds: `${e2eUrls.app}/payments/return`,
    card_number: card,
    card_exp_month: "01",
    card_exp_year: "2038",
    card_cvv2: "123",
    ...(opts.saveCard ? { save_token: "Y" } : {}),
    recurring_init: "Y",
    hash: saleHash({ email, secret: SANDBOX_DEFAULTS.merchantSecret, card: cardPartsOf(card) }),
  };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${e2eUrls.sandbox}/payment/post`, { method: "POST", body: form });
  const body = (await res.json()) as { result: string; redirect_url: string; redirect_params: { body: string } };
  if (body.result !== "REDIRECT") throw new Error(`SALE did not redirect: ${JSON.stringify(body)}`);
  const collector = await fetch(body.redirect_url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ body: body.redirect_params.body }),
  });
  if (!collector.ok) throw new Error(`the sandbox's collector answered ${collector.status}`);
}

/** A sale that saves the card and starts recurring charges: the customer then appears under Saved cards and Recurring. */
export async function customerPaysWithRecurring(page: Page): Promise<{ orderId: string; email: string; paymentId: string }> {
  const orderId = newOrderId("e2e-rec");
  const email = `subscriber.${orderId}@example.com`;
  await websiteRecurringSale(orderId, email, { saveCard: true });
  return { orderId, email, paymentId: await paymentIdOf(page, orderId) };
}

/**
 * The customer pays at the sandbox's hosted checkout already open in `pay` (a payment link's page), with an approved
 * VISA card, and lands back on the dashboard's return page.
 */
export async function payAtCheckout(pay: Page): Promise<void> {
  await pay.getByLabel(/card number/i).fill("4111111111111111");
  await pay.getByLabel(/month/i).fill("01");
  await pay.getByLabel(/year/i).fill("2038");
  await pay.getByLabel(/cvv/i).fill("123");
  await pay.getByLabel(/cardholder name/i).fill("Noura Link");
  await Promise.all([
    pay.waitForURL((u) => u.href.startsWith(`${e2eUrls.app}/payments/return`)),
    pay.getByRole("button", { name: /pay/i }).click(),
  ]);
}

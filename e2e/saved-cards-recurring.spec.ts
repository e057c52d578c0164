// Saved cards and "charge now" driven through the dashboard in Chromium, on a payment that a customer made on the
// merchant's website (straight at the sandbox) with save_token=Y and recurring_init=Y: the sandbox's
// notification puts it in the ledger with its recurring token. Rules guarded: the card is found by the exact
// e-mail used at payment and can be charged (captured); the recurring token can be charged now through v2 JSON
// and the form RECURRING_SALE, which refuses decimals with a clear message.
import { expect, test, type Page } from "@playwright/test";
import { e2eUrls } from "../playwright.config";
import { cardPartsOf, saleHash } from "../server/gateway/signing";
import { SANDBOX_DEFAULTS } from "../server/gateway/sandbox-defaults";
import { newOrderId } from "./support/merchant-server";
import { E2E_USERS, PASSWORD } from "./support/users";

async function signInAs(page: Page, user: { email: string }) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/overview$/);
}

/** The merchant's server starts a SALE that saves the card and starts recurring charges; the customer pays. */
async function customerPaysWithRecurring(orderId: string, email: string) {
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
    save_token: "Y",
    recurring_init: "Y",
    hash: saleHash({ email, secret: SANDBOX_DEFAULTS.merchantSecret, card: cardPartsOf(card) }),
  };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${e2eUrls.sandbox}/payment/post`, { method: "POST", body: form });
  const body = (await res.json()) as { result: string; redirect_url: string; redirect_params: { body: string } };
  if (body.result !== "REDIRECT") throw new Error(`SALE did not redirect: ${JSON.stringify(body)}`);
  const collector = await fetch(body.redirect_url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ body: body.redirect_params.body }) });
  expect(collector.ok).toBe(true);
}

test("back office charges a saved card, then charges the recurring token now through both interfaces", async ({ page }) => {
  await signInAs(page, E2E_USERS.backOffice);
  const orderId = newOrderId("e2e-rec");
  const email = `Subscriber.${orderId}@example.com`;
  await customerPaysWithRecurring(orderId, email);
  await expect
    .poll(async () => (await page.request.get(`/api/transactions?q=${encodeURIComponent(orderId)}`)).json().then((j: { items?: unknown[] }) => j.items?.length ?? 0), {
      timeout: 20_000,
      message: "the sandbox's notification should put the payment in the ledger",
    })
    .toBe(1);

  // Saved cards: the exact e-mail finds the card; charge it.
  await page.goto("/saved-cards");
  await expect(page.getByText("Must match exactly the e-mail used at payment", { exact: false })).toBeVisible();
  await page.getByLabel("Customer e-mail").fill(email);
  await page.getByRole("button", { name: "Find cards" }).click();
  await expect(page.getByText("411111******1111")).toBeVisible();
  await page.getByRole("button", { name: "Charge this card" }).click();
  const charge = page.getByRole("dialog", { name: "Charge this card" });
  await charge.getByLabel("Amount").fill("12.50");
  await charge.getByLabel("Description").fill("Top-up");
  // The website's payment left no billing address in the ledger: staff ask the customer for it.
  await expect(charge.getByLabel("Address")).toHaveValue("");
  await charge.getByLabel("Address").fill("1 King Fahd Road");
  await charge.getByLabel("City").fill("Riyadh");
  await charge.getByLabel("Postal code").fill("12211");
  await charge.getByLabel("Country").fill("SA");
  await charge.getByRole("button", { name: "Charge" }).click();
  await expect(page.getByText("The charge succeeded: the payment is captured.")).toBeVisible();

  // Recurring: charge now via v2 JSON, then via the form (decimals refused first).
  await page.goto("/recurring");
  const customer = page.getByRole("region", { name: email });
  await expect(customer.getByRole("link", { name: orderId })).toBeVisible();
  await customer.getByRole("button", { name: "Charge now" }).click();
  let dialog = page.getByRole("dialog", { name: "Charge now" });
  await dialog.getByLabel(/Amount/).fill("19.99");
  await dialog.getByLabel("Description").fill("Monthly plan");
  await dialog.getByRole("button", { name: "Charge" }).click();
  await expect(customer.getByText("The charge succeeded: the payment is captured.")).toBeVisible();
  await expect(customer.getByText("captured", { exact: true })).toBeVisible();

  await customer.getByRole("button", { name: "Charge now" }).click();
  dialog = page.getByRole("dialog", { name: "Charge now" });
  await dialog.getByLabel("Interface").selectOption("form");
  await dialog.getByLabel(/Amount/).fill("19.99");
  await dialog.getByLabel("Description").fill("Monthly plan");
  await dialog.getByRole("button", { name: "Charge" }).click();
  await expect(dialog.getByText(/takes whole units only/).first()).toBeVisible();
  await dialog.getByLabel(/Amount/).fill("20");
  await dialog.getByRole("button", { name: "Charge" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(customer.getByText("The charge succeeded: the payment is captured.")).toBeVisible();
  await expect(customer.getByRole("link", { name: /20\.00/ })).toBeVisible();
});

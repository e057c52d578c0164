// Saved cards and "charge now" driven through the dashboard in Chromium, on a payment that a customer made on the
// merchant's website (straight at the sandbox) with save_token=Y and recurring_init=Y: the sandbox's
// notification puts it in the ledger with its recurring token. Rules guarded: the card is found by the e-mail used
// at payment in any case (the lookup asks for each spelling the ledger knows) and can be charged (captured); the
// recurring token can be charged now through the configured interface (v2 JSON by default) without staff picking one
// (the form RECURRING_SALE and its whole-units rule are covered with the configuration set in
// server/services/recurring/saved-cards-recurring.test.ts).
import { expect, test } from "./support/test";
import { newOrderId } from "../scripts/lib/merchant-server";
import { websiteRecurringSale } from "./support/seed-payments";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

test("back office charges a saved card, then charges the recurring token now through the configured interface", async ({ page }) => {
  await signedInAs(page, E2E_USERS.backOffice);
  await page.goto("/overview");
  const orderId = newOrderId("e2e-rec");
  const email = `Subscriber.${orderId}@example.com`;
  await websiteRecurringSale(orderId, email, { saveCard: true });
  await expect
    .poll(
      async () =>
        (await page.request.get(`/api/transactions?q=${encodeURIComponent(orderId)}`))
          .json()
          .then((j: { items?: unknown[] }) => j.items?.length ?? 0),
      {
        timeout: 20_000,
        message: "the sandbox's notification should put the payment in the ledger",
      },
    )
    .toBe(1);

  // Saved cards: the e-mail in another case finds the card; charge it.
  await page.goto("/saved-cards");
  await expect(page.getByText("Any case: every spelling of this e-mail used at payment is looked up.")).toBeVisible();
  await page.getByLabel("Customer e-mail").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Find cards" }).click();
  await expect(page.getByText("VISA •••• 1111")).toBeVisible();
  await page.getByRole("button", { name: "Charge this card" }).click();
  const charge = page.getByRole("dialog", { name: "Charge this card" });
  await charge.getByLabel("Amount").fill("12.50");
  await charge.getByLabel("Description").fill("Top-up");
  // The website's payment left no name, phone or billing address in the ledger: staff ask the customer for them
  // (nothing is made up for the gateway's SALE).
  await expect(charge.getByText("The gateway needs the customer's name and phone number: ask the customer.")).toBeVisible();
  await expect(charge.getByLabel("First name")).toHaveValue("");
  await charge.getByLabel("First name").fill("Noura");
  await charge.getByLabel("Last name").fill("Haddad");
  await charge.getByLabel("Phone").fill("+966500000001");
  await expect(charge.getByLabel("Address")).toHaveValue("");
  await charge.getByLabel("Address").fill("1 King Fahd Road");
  await charge.getByLabel("City").fill("Riyadh");
  await charge.getByLabel("Postal code").fill("12211");
  await charge.getByLabel("Country").fill("SA");
  await charge.getByRole("button", { name: "Charge" }).click();
  await expect(page.getByText("The charge succeeded: the payment is captured.")).toBeVisible();

  // Recurring: charge now; the interface is configuration (RECURRING_INTERFACE, v2 here): no picker, and the form
  // interface's whole-units rule is not mentioned, since it does not apply (decimals are charged).
  await page.goto("/recurring");
  const customer = page.getByRole("region", { name: email });
  await expect(customer.getByRole("link", { name: orderId })).toBeVisible();
  await customer.getByRole("button", { name: "Charge now" }).click();
  const dialog = page.getByRole("dialog", { name: "Charge now" });
  await expect(dialog.getByLabel("Interface")).toHaveCount(0);
  await expect(dialog.getByText(/whole units|RECURRING_SALE|v2 JSON/i)).toHaveCount(0);
  await dialog.getByLabel(/Amount/).fill("19.99");
  await dialog.getByLabel("Description").fill("Monthly plan");
  await dialog.getByRole("button", { name: "Charge" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(customer.getByText("The charge succeeded: the payment is captured.")).toBeVisible();
  await expect(customer.getByText("Captured", { exact: true })).toBeVisible();
  await expect(customer.getByRole("link", { name: /19\.99/ })).toBeVisible();
});

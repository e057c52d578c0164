// Payment links screens (#13): a link with a description (listed; the gateway's checkout has no field for it, so
// the customer sees it on the return page); cancelling a link that is not paid, behind a confirmation that states
// the consequence; the customer's return page for a real payment (merchant, amount, order, outcome) and a neutral
// page with no data for an unknown id. Dialogs pass axe; screenshots at 1440 and 390 px with axe at each width.
import { expect, test, type Browser } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { axeViolations } from "./support/axe";
import { shootScreen } from "./support/screens";
import { payAtCheckout } from "./support/seed-payments";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

async function customerPays(browser: Browser, url: string) {
  const customer = await browser.newContext();
  const pay = await customer.newPage();
  await pay.goto(url);
  await payAtCheckout(pay);
  return { customer, pay };
}

test("a link with a description, cancelled with confirmation while unpaid", async ({ page }) => {
  await signedInAs(page, E2E_USERS.backOffice);
  await page.goto("/payments/links");
  await page.getByRole("button", { name: "New payment link" }).click();
  const dialog = page.getByRole("dialog", { name: "New payment link" });
  await expect(dialog.getByLabel("Description")).toBeVisible();
  expect(await axeViolations(page), "axe on the new link dialog").toEqual([]);
  const orderId = await dialog.getByLabel("Order id").inputValue();
  await dialog.getByLabel("Description").fill("Annual membership — gold");
  await dialog.getByLabel("Amount").fill("310.00");
  await dialog.getByLabel("Customer name").fill("Noura Link");
  await dialog.getByLabel("Customer e-mail").fill(`noura.${orderId.toLowerCase()}@example.com`);
  await dialog.getByLabel("Customer phone").fill("+966500000001");
  await dialog.getByRole("button", { name: "Create link" }).click();
  await page.getByRole("dialog", { name: "Payment link created" }).getByRole("button", { name: "Done" }).click();

  const row = page.getByTestId("payment-link-row").filter({ hasText: orderId });
  await expect(row.getByTestId("payment-link-description")).toHaveText("Annual membership — gold");
  await expect(row.getByText("Waiting for payment")).toBeVisible();
  await shootScreen(page, "payment-links");

  await row.getByRole("button", { name: `Cancel link for order ${orderId}` }).click();
  const confirm = page.getByRole("dialog", { name: "Cancel payment link" });
  await expect(confirm).toContainText(orderId);
  await expect(confirm).toContainText("SAR 310.00");
  await expect(confirm).toContainText("The customer can no longer pay with this link, and this cannot be undone.");
  expect(await axeViolations(page), "axe on the cancel link confirmation").toEqual([]);
  await confirm.getByRole("button", { name: "Keep as is" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row.getByText("Waiting for payment")).toBeVisible();

  await row.getByRole("button", { name: `Cancel link for order ${orderId}` }).click();
  await confirm.getByRole("button", { name: "Cancel link" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: /Cancel the payment link/ })).toHaveCount(0);
  await expect(row.getByRole("button", { name: "Copy link" })).toHaveCount(0);
});

test("the return page shows the merchant, amount, order and outcome of a real payment, and nothing for an unknown id", async ({
  page,
  browser,
}) => {
  await signedInAs(page, E2E_USERS.backOffice);
  await page.goto("/overview");
  const orderId = `PL-E2E-${Date.now().toString(36).toUpperCase()}`;
  const created = await page.request.post("/api/payments/links", {
    headers: { origin: e2eUrls.app },
    data: {
      orderId,
      amount: "88.50",
      currency: "SAR",
      auth: "sale",
      customerName: "Noura Return",
      email: "noura.return@example.com",
      phone: "+966500000003",
      description: "Two concert tickets",
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { url, paymentId } = (await created.json()) as { url: string; paymentId: string };

  const { customer, pay } = await customerPays(browser, url);
  try {
    expect(new URL(pay.url()).searchParams.get("payment")).toBe(paymentId);
    // The gateway's notification confirms the payment in the ledger; the page says so once it has.
    await expect
      .poll(
        async () => {
          await pay.reload();
          return pay.getByRole("heading", { level: 1 }).textContent();
        },
        { timeout: 20_000 },
      )
      .toBe("Payment received");
    await expect(pay.getByText("Sandbox Merchant")).toBeVisible();
    await expect(pay.getByText("SAR 88.50")).toBeVisible();
    await expect(pay.getByText(orderId)).toBeVisible();
    await expect(pay.getByText("Two concert tickets")).toBeVisible();
    await expect(pay.getByText("noura.return@example.com")).toHaveCount(0); // nothing about the customer
    await shootScreen(pay, "payment-return");

    await pay.goto(`${e2eUrls.app}/payments/return?flow=link&payment=00000000-0000-4000-8000-000000000000`);
    await expect(pay.getByText("There is nothing to show here.")).toBeVisible();
    await expect(pay.getByText("SAR")).toHaveCount(0);
    await expect(pay.getByText("Sandbox Merchant")).toHaveCount(0);
    await shootScreen(pay, "payment-return-unknown");
  } finally {
    await customer.close();
  }
});

test("a cancelled link that the customer still pays at the gateway: the payment's page states the disagreement in words", async ({
  page,
  browser,
}) => {
  await signedInAs(page, E2E_USERS.backOffice);
  await page.goto("/overview");
  const orderId = `PL-E2E-${Date.now().toString(36).toUpperCase()}-X`;
  const created = await page.request.post("/api/payments/links", {
    headers: { origin: e2eUrls.app },
    data: {
      orderId,
      amount: "19.00",
      currency: "SAR",
      auth: "sale",
      customerName: "Noura Late",
      email: "noura.late@example.com",
      phone: "+966500000004",
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { url, paymentId } = (await created.json()) as { url: string; paymentId: string };
  const cancelled = await page.request.post(`/api/payments/links/${paymentId}/cancel`, { headers: { origin: e2eUrls.app } });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);

  // The gateway has no cancel call: its hosted page still takes the payment. The ledger keeps the link failed.
  const { customer } = await customerPays(browser, url);
  await customer.close();
  await page.goto(`/transactions/${paymentId}`);
  await expect(page.getByText(/The gateway reports Captured; the ledger says Failed — sync to update\./)).toBeVisible({ timeout: 20_000 });
});

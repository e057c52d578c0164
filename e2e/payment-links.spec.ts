// Payment links in Chromium: back-office staff create a link on /payments/links, the customer opens it in a
// browser of their own (a second context: no dashboard session) and pays with a test card on the gateway's
// hosted page; the sandbox's notification makes the dashboard sync the payment, and the link shows as paid with
// a link to the payment's page. Rules guarded: the link is a gateway URL (hosted checkout), the dashboard learns
// the result from the gateway (notification + status query), not from the customer's browser.
import { expect, test } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { payAtCheckout } from "./support/seed-payments";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

test("a payment link paid by the customer in another browser shows as paid", async ({ page, browser }) => {
  await signedInAs(page, E2E_USERS.backOffice);
  await page.goto("/payments/links");
  await expect(page.getByRole("heading", { level: 1, name: "Payment links" })).toBeVisible();

  await page.getByRole("button", { name: "New payment link" }).click();
  const dialog = page.getByRole("dialog", { name: "New payment link" });
  await expect(dialog.getByLabel("Order id")).toHaveValue(/^PL-\d{8}-[0-9A-F]{10}$/);
  const orderId = await dialog.getByLabel("Order id").inputValue();
  await expect(dialog.getByText(/Empty: today, \d{4}-\d{2}-\d{2}/)).toBeVisible(); // contract 8 defaults shown
  await expect(dialog.getByText(/Empty: 7 days after the issue date/)).toBeVisible();
  await dialog.getByLabel("Amount").fill("12.345"); // SAR has two decimals
  await dialog.getByLabel("Customer name").fill("Noura Link");
  await dialog.getByLabel("Customer e-mail").fill(`noura.${orderId.toLowerCase()}@example.com`);
  await dialog.getByLabel("Customer phone").fill("+966500000001");
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(dialog.getByText("SAR takes at most 2 decimals.")).toBeVisible();
  await dialog.getByLabel("Amount").fill("75.25");
  await page.getByRole("button", { name: "Create link" }).click();

  const created = page.getByRole("dialog", { name: "Payment link created" });
  const url = (await created.getByTestId("payment-link-url").textContent())!.trim();
  expect(url.startsWith(`${e2eUrls.sandbox}/checkout?sessionId=`)).toBe(true);
  await created.getByRole("button", { name: "QR code" }).click();
  await expect(created.getByRole("img", { name: `QR code of the payment link for order ${orderId}` })).toBeVisible();
  await created.getByRole("button", { name: "Done" }).click();

  const row = page.getByTestId("payment-link-row").filter({ hasText: orderId });
  await expect(row.getByText("Waiting for payment")).toBeVisible();
  await expect(row.getByRole("button", { name: "Copy link" })).toBeVisible();

  // The customer, in a browser of their own.
  const customer = await browser.newContext();
  try {
    const pay = await customer.newPage();
    await pay.goto(url);
    await expect(pay.getByRole("definition").filter({ hasText: "75.25" })).toBeVisible();
    await payAtCheckout(pay);
    expect(new URL(pay.url()).searchParams.get("flow")).toBe("link");
    expect(new URL(pay.url()).searchParams.get("orderId")).toBe(orderId);
    // The customer's page learns the outcome on its own, without a reload or "Check again", once the ledger has it
    // (it may already have it on arrival: either way the paid heading shows and "Check again" is gone).
    await expect(pay.getByRole("heading", { level: 1, name: "Payment received" })).toBeVisible({ timeout: 30_000 });
    await expect(pay.getByRole("link", { name: "Check again" })).toHaveCount(0);
  } finally {
    await customer.close();
  }

  // Back in the dashboard: the notification has the ledger synced; the link is paid.
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await page.getByTestId("payment-link-row").filter({ hasText: orderId }).getByText("Paid", { exact: true }).count()) > 0;
      },
      { timeout: 30_000, intervals: [500, 1000, 2000], message: "the link should show as paid once the notification is processed" },
    )
    .toBe(true);
  const paidRow = page.getByTestId("payment-link-row").filter({ hasText: orderId });
  await paidRow.getByRole("link", { name: "View payment" }).click();
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
  await expect(page.getByText(orderId).first()).toBeVisible();
});

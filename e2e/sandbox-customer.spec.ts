// The sandbox's customer-facing pages, driven as a customer would in Chromium: the 3-D Secure challenge of a card
// sale and the hosted checkout page. Rules guarded: a challenge is decided by what the customer enters (1234
// approves, anything else declines) and the customer is sent back to the merchant's return address; a hosted
// checkout takes a test card, passes the challenge, and lands on the success address with the payment's id.
import { expect, test } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { initiateCheckout, newOrderId, paymentStatus, startFormSale } from "../scripts/lib/merchant-server";

const sandbox = e2eUrls.sandbox;

test("3-D Secure challenge: the right code approves the payment and returns the customer to term_url_3ds", async ({ page }) => {
  const orderId = newOrderId("e2e-3ds-ok");
  const termUrl = `${e2eUrls.app}/payments/return?flow=3ds`;
  const sale = await startFormSale(sandbox, {
    orderId,
    card: "4111111111111111",
    expMonth: "05",
    expYear: "2038",
    email: "noura@example.com",
    termUrl,
  });
  await page.setContent(sale.html, { waitUntil: "load" });
  await page.locator('input[name="otp"]').fill("1234");
  await Promise.all([page.waitForURL((u) => u.href.startsWith(termUrl)), page.locator('input[name="otp"]').press("Enter")]);
  expect(new URL(page.url()).searchParams.get("trans_id")).toBe(sale.transId);
  await expect(page.getByText("Returning to the dashboard…")).toBeVisible();
  expect(await paymentStatus(sandbox, orderId, sale.transId)).toBe("settled");
});

test("3-D Secure challenge: a wrong code declines the payment", async ({ page }) => {
  const orderId = newOrderId("e2e-3ds-bad");
  const termUrl = `${e2eUrls.app}/payments/return?flow=3ds`;
  const sale = await startFormSale(sandbox, {
    orderId,
    card: "5123450000000008",
    expMonth: "05",
    expYear: "2038",
    email: "noura@example.com",
    termUrl,
  });
  await page.setContent(sale.html, { waitUntil: "load" });
  await page.locator('input[name="otp"]').fill("9999");
  await Promise.all([page.waitForURL((u) => u.href.startsWith(termUrl)), page.locator('input[name="otp"]').press("Enter")]);
  expect(await paymentStatus(sandbox, orderId, sale.transId)).toBe("TXN_FAILURE");
});

test("hosted checkout: a customer pays with a challenge card and lands on the success address", async ({ page }) => {
  const orderId = newOrderId("e2e-hpp");
  const successUrl = `${e2eUrls.app}/payments/return?checkout=success`;
  const failureUrl = `${e2eUrls.app}/payments/return?checkout=failure`;
  const redirectUrl = await initiateCheckout(sandbox, { orderId, successUrl, failureUrl });
  await page.goto(redirectUrl);
  await expect(page.getByRole("definition").filter({ hasText: "149.50" })).toBeVisible();
  await page.getByLabel(/card number/i).fill("4111 1111 1111 1111");
  await page.getByLabel(/month/i).fill("05");
  await page.getByLabel(/year/i).fill("2038");
  await page.getByLabel(/cvv|security code/i).fill("123");
  await page.getByLabel(/name/i).fill("Omar Saleh");
  await page.getByRole("button", { name: /pay/i }).click();
  await page.locator('input[name="otp"]').fill("1234");
  await Promise.all([page.waitForURL((u) => u.href.startsWith(successUrl)), page.locator('input[name="otp"]').press("Enter")]);
  const landed = new URL(page.url());
  expect(landed.searchParams.get("orderId")).toBe(orderId);
  const paymentId = landed.searchParams.get("paymentId");
  expect(paymentId).toMatch(/^[0-9a-f-]{36}$/);
  expect(await paymentStatus(sandbox, orderId, paymentId!)).toBe("settled");
});

test("the dashboard's first page is served: sign-in, with the test-mode banner, and a healthy backend", async ({ page, request }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Test mode.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  const ready = await request.get("/api/health/ready");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toMatchObject({ status: "ready", checks: { database: "ok", workers: "ok" } });
});

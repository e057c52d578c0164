// Customers screens (#13): the customers the ledger knows, grouped by payer e-mail case-insensitively, searched and
// paged by keyset (components/list/pager.tsx), and one customer's page with their payments, saved cards, recurring
// tokens and billing plans. Rules guarded: two spellings of one e-mail are one customer; the customer page's URL
// carries an opaque key, never the e-mail; each section lists what the customer has. Screenshots at 1440 and 390 px
// (axe at each width); no sideways scroll on a phone.
import { expect, test } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { newOrderId } from "../scripts/lib/merchant-server";
import { scrollsSideways, shootScreen, WIDTHS } from "./support/screens";
import { paymentIdOf, websiteRecurringSale } from "./support/seed-payments";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

test("one customer for two spellings of an e-mail, with payments, saved cards, recurring tokens and plans on one page", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedInAs(page, E2E_USERS.backOffice);
  await page.goto("/overview");
  const tag = newOrderId("e2e-cust").toLowerCase();
  const email = `Layla.${tag}@example.com`;
  const firstOrder = `${tag}-a`;
  await websiteRecurringSale(firstOrder, email, { saveCard: true });
  const firstPaymentId = await paymentIdOf(page, firstOrder);
  await websiteRecurringSale(`${tag}-b`, email.toLowerCase(), { saveCard: false });
  await paymentIdOf(page, `${tag}-b`);
  const plan = await page.request.post("/api/recurring/plans", {
    headers: { origin: e2eUrls.app },
    data: {
      firstPaymentId,
      amount: "49.00",
      interval: "monthly",
      firstChargeDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      description: "Gym membership",
    },
  });
  expect(plan.ok(), await plan.text()).toBe(true);

  await page.goto(`/customers?q=${encodeURIComponent(tag)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  const rows = page.getByTestId("customer-row");
  await expect(rows).toHaveCount(1); // two spellings, one customer
  await expect(rows.first()).toContainText("2 payments");
  await expect(rows.first()).toContainText("2 recurring"); // both website sales started recurring charges
  const pager = page.getByRole("navigation", { name: "Pages" });
  await expect(pager.getByText("Previous")).toHaveAttribute("aria-disabled", "true");
  await expect(pager.getByText("Next")).toHaveAttribute("aria-disabled", "true");
  await shootScreen(page, "customers");
  await page.setViewportSize(WIDTHS.phone);
  expect(await scrollsSideways(page), "the customers list scrolls sideways at 390 px").toBe(false);
  await page.setViewportSize(WIDTHS.desktop);

  await rows.first().getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/customers/${firstPaymentId}$`));
  expect(page.url().toLowerCase()).not.toContain(tag);
  await expect(page.getByTestId("customer-email")).toBeVisible();
  const payments = page.getByRole("region", { name: "Payments" });
  await expect(payments.getByTestId("customer-payment")).toHaveCount(2);
  await expect(payments.getByRole("link", { name: firstOrder })).toBeVisible();
  await expect(payments.getByText("VISA •••• 1111").first()).toBeVisible();
  const saved = page.getByRole("region", { name: "Saved cards" });
  await expect(saved.getByTestId("customer-saved-card")).toHaveCount(1);
  await expect(saved.getByText("VISA •••• 1111")).toBeVisible();
  const tokens = page.getByRole("region", { name: "Recurring tokens" });
  await expect(tokens.getByRole("link", { name: firstOrder })).toBeVisible();
  // The customer's page offers what staff do for them: each token can be charged now; a plan can be started on the
  // one without a plan (the first token carries the gym membership).
  const withPlan = tokens.getByTestId("customer-payment").filter({ hasText: firstOrder });
  await expect(withPlan.getByRole("button", { name: "Charge now" })).toBeVisible();
  await expect(withPlan.getByRole("button", { name: "Create plan" })).toHaveCount(0);
  await expect(tokens.getByRole("button", { name: "Create plan" })).toHaveCount(1);
  const plans = page.getByRole("region", { name: "Billing plans" });
  await expect(plans.getByTestId("customer-plan")).toContainText("Gym membership");
  await expect(plans.getByTestId("customer-plan")).toContainText("SAR 49.00");
  await shootScreen(page, "customer");
  await page.setViewportSize(WIDTHS.phone);
  expect(await scrollsSideways(page), "the customer page scrolls sideways at 390 px").toBe(false);
});

test("an unknown customer key is a not-found page, and a search that matches nobody says so", async ({ page }) => {
  await signedInAs(page, E2E_USERS.backOffice);
  const res = await page.goto("/customers/00000000-0000-4000-8000-000000000000");
  expect(res?.status()).toBe(404);
  await page.goto("/customers?q=nobody-has-this-e-mail");
  await expect(page.getByText("No customer matches")).toBeVisible();
});

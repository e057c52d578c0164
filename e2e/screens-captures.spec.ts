// The Captures screen (#13 "Screens, not utilities"). Rules guarded, each named in its test: each authorization
// shows its expiry as a countdown from the ledger's authorization time plus the brand's hold period (default 7
// days), the one expiring first at the top; a capture, full or partial, is made from the row with the payment
// page's dialog (axe clean), and the list is fresh afterwards; screenshots at 1440 and 390 px with axe.
import { expect, test } from "./support/test";
import { axeViolations } from "./support/axe";
import { shootScreen } from "./support/screens";
import { customerPays } from "./support/seed-payments";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

test("countdown per authorization, first to expire first; capture part of one from its row", async ({ page }) => {
  await signedInAs(page, E2E_USERS.backOffice);
  const older = await customerPays(page, { amount: "100.00", auth: true });
  const newer = await customerPays(page, { amount: "55.00", auth: true });
  await page.goto("/captures");
  const table = page.getByRole("table", { name: "Authorizations waiting for capture" });
  const rows = table.getByTestId("capture-row");
  // Both new authorizations listed first (waited for as a condition): the page streams its list behind a Suspense
  // boundary (loading.tsx), and React reveals streamed boundaries on a 300 ms throttle, which can fall after the load
  // event. Reading the rows at that instant found the skeleton, not the list (twice in full runs).
  await expect(rows.filter({ hasText: older.orderId })).toHaveCount(1);
  await expect(rows.filter({ hasText: newer.orderId })).toHaveCount(1);
  const orders = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector("a")?.textContent ?? ""));
  expect(orders.indexOf(older.orderId)).toBeGreaterThanOrEqual(0);
  expect(orders.indexOf(older.orderId)).toBeLessThan(orders.indexOf(newer.orderId));
  // Made just now, with the default hold of 7 days (the sandbox's card is a VISA).
  const row = rows.filter({ hasText: older.orderId });
  await expect(row.getByTestId("expiry")).toContainText(/expires in (6|7) days/);
  await expect(row.getByTestId("expiry")).toHaveAttribute("data-urgency", "ok");
  await expect(row).toContainText("VISA •••• 1111");

  await row.getByRole("button", { name: `Capture order ${older.orderId}` }).click();
  const dialog = page.getByRole("dialog", { name: `Capture order ${older.orderId}` });
  await expect(dialog.getByLabel(/Amount to capture/)).toHaveValue("100.00");
  await expect(dialog.getByTestId("submit-hint")).toBeVisible();
  expect(await axeViolations(page), "axe on the capture dialog from the list").toEqual([]);
  await dialog.getByLabel(/Amount to capture/).fill("40.00");
  await dialog.getByRole("button", { name: "Capture" }).click();
  await expect(page.getByText("The payment was captured.")).toBeVisible();
  await expect(rows.filter({ hasText: older.orderId })).toHaveCount(0);
  await expect(rows.filter({ hasText: newer.orderId })).toHaveCount(1);

  await page.goto(`/transactions/${older.paymentId}`);
  await expect(page.getByTestId("payment-headline")).toContainText(/SAR\s40\.00 captured of 100\.00 authorized/);
});

test("an authorization that the issuer releases within 24 h is flagged (red) and listed before older ones with longer holds", async ({
  page,
}) => {
  await signedInAs(page, E2E_USERS.backOffice);
  const visa = await customerPays(page, { amount: "30.00", auth: true });
  // The e2e dashboard holds Mastercard authorizations for 1 day (AUTH_HOLD_DAYS in playwright.config.ts).
  const mastercard = await customerPays(page, { amount: "31.00", auth: true, card: "5123450000000008" });
  await page.goto("/captures");
  const rows = page.getByRole("table", { name: "Authorizations waiting for capture" }).getByTestId("capture-row");
  const soon = rows.filter({ hasText: mastercard.orderId });
  await expect(soon.getByTestId("expiry")).toHaveAttribute("data-urgency", "soon");
  await expect(soon.getByTestId("expiry")).toContainText(/expires in (23|24) hours/);
  await expect(soon.getByTestId("expiry")).toHaveClass(/text-red-700/);
  const orders = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector("a")?.textContent ?? ""));
  expect(orders.indexOf(mastercard.orderId)).toBeLessThan(orders.indexOf(visa.orderId));
});

test("screens: the Captures page at 1440 and 390 px (cards on a phone), axe at both", async ({ page }) => {
  await signedInAs(page, E2E_USERS.backOffice);
  await customerPays(page, { amount: "12.00", auth: true });
  await page.goto("/captures");
  await expect(page.getByRole("heading", { level: 1, name: "Captures" })).toBeVisible();
  await shootScreen(page, "captures");
});

// The Transactions screen (#13), driven in Chromium against the built app, on payments customers made on the
// merchant's website (straight at the sandbox). Rules guarded: the whole row opens the payment (by pointer and by
// keyboard through the row's one real link) while the selection checkbox still only ticks; the list states how
// many payments match (the "10,000+" cap is tested at unit level with a small limit); filters apply as they change
// (debounced, URL replaced, no submit, no history entry per keystroke); the amount filter needs a currency and
// both fields say so; the search finds an amount and a card's last four; no sideways scrolling at 1280 px; on a
// phone, cards and a "Filters" sheet with the first result in view; after a partial capture the list shows what
// was captured, with the authorized amount beside it. Screenshots at 1440 and 390 px with axe at each width.
import { randomInt, randomUUID } from "node:crypto";
import { expect, test, type Page } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { newOrderId, startFormSale } from "../scripts/lib/merchant-server";
import { axeViolations } from "./support/axe";
import { paymentIdOf } from "./support/seed-payments";
import { scrollsSideways, shootScreen } from "./support/screens";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

test.describe.configure({ mode: "serial" });
test.use({ timezoneId: "Asia/Riyadh" });

const token = randomUUID().slice(0, 8);
// An amount no other spec uses, so searching for it finds only this spec's payment.
const amount = `${randomInt(300, 999)}.${randomInt(10, 99)}`;
const sale = { orderId: `e2e-scr-${token}-sale`, email: `sale-${token}@example.com` };
const mc = { orderId: `e2e-scr-${token}-mc`, email: `mc-${token}@example.com` };
let auth = { orderId: "", paymentId: "" };

const rows = (page: Page) => page.locator("tbody tr");
const rowOf = (page: Page, orderId: string) => rows(page).filter({ hasText: orderId });

async function pay(orderId: string, email: string, card: string, opts: { amount?: string; auth?: boolean } = {}) {
  await startFormSale(e2eUrls.sandbox, {
    orderId,
    card,
    expMonth: "01", // approves without a challenge (sandbox test-card rules)
    expYear: "2038",
    email,
    termUrl: `${e2eUrls.app}/payments/return`,
    ...opts,
  });
}

test.beforeAll(async ({ browser }) => {
  await pay(sale.orderId, sale.email, "4111111111111111", { amount });
  await pay(mc.orderId, mc.email, "5123450000000008");
  const authOrder = newOrderId("e2e-scr-auth");
  await pay(authOrder, `auth.${authOrder}@example.com`, "4111111111111111", { amount: "100.00", auth: true });
  // Back office captures 40.00 of the 100.00 authorization through the API, as the capture dialog does.
  const page = await browser.newPage();
  await signedInAs(page, E2E_USERS.backOffice);
  await page.goto("/overview");
  for (const o of [sale.orderId, mc.orderId]) await paymentIdOf(page, o);
  auth = { orderId: authOrder, paymentId: await paymentIdOf(page, authOrder) };
  const res = await page.request.post(`/api/transactions/${auth.paymentId}/capture`, {
    headers: { origin: e2eUrls.app },
    data: { amount: "40.00", idempotencyKey: `k_screens_capture_${token}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await page.close();
});

test("the whole row opens the payment, by pointer and by keyboard; the selection checkbox still only ticks", async ({ page }) => {
  await signedInAs(page, E2E_USERS.finance);
  await page.goto(`/transactions?q=${token}`);
  const row = rowOf(page, sale.orderId);
  // The checkbox sits above the row's link: it ticks, and the page stays.
  await row.getByRole("checkbox", { name: `Select order ${sale.orderId}` }).check();
  await expect(page.getByRole("button", { name: "Export selected (1)" })).toBeEnabled();
  await expect(page).toHaveURL(/\/transactions\?/);
  // A click on a plain cell (the status) opens the payment: the row's link covers it (force: the pointer lands on
  // the link's overlay, which is the point).
  await row.getByText("Captured").click({ force: true });
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(sale.orderId);

  await page.goto(`/transactions?q=${token}`);
  // One real link per row (named with the order for screen readers), reached with Tab and opened with Enter.
  const link = rowOf(page, mc.orderId).getByRole("link");
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAccessibleName(new RegExp(`order ${mc.orderId}$`));
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(mc.orderId);
});

test("the list says how many payments match the filter", async ({ page }) => {
  await signedInAs(page, E2E_USERS.finance);
  await page.goto(`/transactions?q=${token}`);
  await expect(page.getByRole("status").filter({ hasText: "match" })).toHaveText("2 payments match");
  await page.goto(`/transactions?q=${token}-mc`);
  await expect(page.getByRole("status").filter({ hasText: "match" })).toHaveText("1 payment match");
  await page.goto(`/transactions?q=${token}-nothing`);
  await expect(page.getByRole("status").filter({ hasText: "match" })).toHaveText("0 payments match");
});

test("filters apply as they change: debounced, the URL replaced (no history entry), no submit needed", async ({ page }) => {
  await signedInAs(page, E2E_USERS.finance);
  await page.goto("/transactions");
  // The page has been rendered for that zone: typing before that re-render could be reset by it.
  await expect(page.getByText(/Date filters use Asia\/Riyadh/)).toBeVisible();
  const historyBefore = await page.evaluate(() => history.length);
  await page.getByRole("main").getByRole("searchbox", { name: "Search" }).pressSequentially(token, { delay: 40 });
  await expect(page).toHaveURL(new RegExp(`[?&]q=${token}(&|$)`));
  await expect(rows(page)).toHaveCount(2);
  await page.getByLabel("Status").selectOption("captured");
  await expect(page).toHaveURL(new RegExp(`q=${token}&status=captured`));
  await expect(rows(page)).toHaveCount(2);
  // The search field kept the focus-free typing: the form was not rebuilt under the user.
  await expect(page.getByRole("main").getByRole("searchbox", { name: "Search" })).toHaveValue(token);
  expect(await page.evaluate(() => history.length)).toBe(historyBefore);
  // Enter still applies at once.
  const search = page.getByRole("main").getByRole("searchbox", { name: "Search" });
  await search.fill(`${token}-mc`);
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${token}-mc`));
  await expect(rows(page)).toHaveCount(1);
});

test("the amount filter needs a currency: disabled with a hint until one is chosen; the currency field says so", async ({ page }) => {
  await signedInAs(page, E2E_USERS.finance);
  await page.goto("/transactions");
  await page.getByText("More filters").click();
  const smallest = page.getByLabel("Smallest amount");
  await expect(smallest).toBeDisabled();
  await expect(smallest).toHaveAccessibleDescription(/Choose a currency first/);
  await expect(page.getByLabel("Currency")).toHaveAccessibleDescription(/Needed to filter by amount/);
  await page.getByLabel("Currency").selectOption("SAR");
  await expect(smallest).toBeEnabled();
  await smallest.fill(amount);
  await page.getByLabel("Largest amount").fill(amount);
  await expect(page).toHaveURL(new RegExp(`currency=SAR&amountMin=${amount.replace(".", "\\.")}`));
  await expect(rowOf(page, sale.orderId)).toHaveCount(1);
  await expect(smallest).toHaveAccessibleDescription(/In SAR/);

  // A shared link with an amount but no currency: the message is on the currency field too.
  await page.goto("/transactions?amountMin=10");
  await expect(page.getByLabel("Currency")).toHaveAccessibleDescription(/Choose a currency: the amount filter is in its units/);
});

test("the search finds an amount (in the currency's units) and a card's last four", async ({ page }) => {
  await signedInAs(page, E2E_USERS.finance);
  await page.goto(`/transactions?q=${amount}`);
  await expect(rowOf(page, sale.orderId)).toHaveCount(1);
  for (const cell of await rows(page).all()) await expect(cell).toContainText(`SAR ${amount}`);
  await page.goto(`/transactions?q=SAR%20${amount}`);
  await expect(rowOf(page, sale.orderId)).toHaveCount(1);

  await page.goto("/transactions?q=0008");
  await expect(rowOf(page, mc.orderId)).toHaveCount(1);
  await expect(rowOf(page, mc.orderId)).toContainText("Mastercard •••• 0008");
});

test("the table fits at 1280 px: no sideways scroll, cut-off cells, short type labels with the long one in the title", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs(page, E2E_USERS.finance);
  await page.goto("/transactions");
  await expect(rows(page).first()).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
  const region = page.getByRole("region", { name: /Transactions \(times in/ });
  expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  // A payment the merchant's website took: "Website" in the cell, the long label in its title and the row's tooltip.
  const row = rowOf(page, sale.orderId);
  await expect(row.getByText("Website", { exact: true })).toHaveAttribute("title", "Merchant website");
  await expect(row.getByRole("link")).toHaveAttribute("title", new RegExp(`^Merchant website · Order ${sale.orderId} · ${sale.email}$`));
});

test("on a phone: cards, a Filters sheet with the active count, and the first result in view without scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInAs(page, E2E_USERS.finance);
  await page.goto(`/transactions?q=${token}&status=captured`);
  await expect(page.locator("table")).toBeHidden();
  const cards = page.getByRole("list", { name: "Transactions" }).getByRole("listitem");
  await expect(cards).toHaveCount(2);
  const first = cards.first();
  await expect(first).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await scrollsSideways(page)).toBe(false);
  // The card: amount (its link), status, customer, time.
  await expect(first.getByRole("link")).toHaveAccessibleName(/^SAR\s[\d,.]+\s?, order e2e-scr-/);
  await expect(first).toContainText("Captured");
  await expect(first).toContainText("Noura Haddad");
  await expect(first.locator("time")).toHaveCount(1);

  const filters = page.locator("[data-filter-sheet] > summary");
  await expect(page.getByRole("main").getByRole("searchbox", { name: "Search" })).toBeHidden();
  await expect(filters).toBeVisible();
  await expect(filters).toContainText("Filters2 active"); // "Filters", the count, " active" for screen readers
  await filters.click();
  await expect(page.getByRole("main").getByRole("searchbox", { name: "Search" })).toBeVisible();
  expect(await axeViolations(page), "axe with the Filters sheet open").toEqual([]);
  await first.click();
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
});

test("after a partial capture the list shows what was captured, with the authorized amount beside it; its type says Authorization", async ({
  page,
}) => {
  await signedInAs(page, E2E_USERS.finance);
  await page.goto(`/transactions?q=${auth.orderId}`);
  const row = rowOf(page, auth.orderId);
  await expect(row).toContainText("SAR 40.00");
  await expect(row).toContainText("of 100.00 authorized");
  await expect(row).not.toContainText("SAR 100.00");
  // The payment was asked to authorize only: the Type column says so (a sale's says its kind).
  await expect(row.getByText("Authorization", { exact: true })).toBeVisible();
  await expect(rowOf(page, auth.orderId).getByText("Authorization", { exact: true })).toHaveAttribute("title", /· Authorization$/);
  await page.goto(`/transactions?q=${sale.orderId}`);
  await expect(rowOf(page, sale.orderId).getByText("Authorization", { exact: true })).toHaveCount(0);
  await page.goto(`/transactions/${auth.paymentId}`);
  await expect(page.getByRole("main")).toContainText("· Authorization");
});

test("screenshots at 1440 and 390 px, axe clean at both", async ({ page }) => {
  await signedInAs(page, E2E_USERS.finance);
  await page.goto("/transactions");
  await expect(rows(page).first()).toBeVisible();
  await shootScreen(page, "transactions");
  await page.goto(`/transactions?q=${token}`);
  await shootScreen(page, "transactions-filtered", { fullPage: false });
});

// The transactions list, driven in Chromium against the built app. Payments are made the way a merchant's own
// website makes them — straight on the sandbox — and reach the ledger through the gateway's notification (the
// receiver, then a status query). Rules guarded: a payment reported by the gateway appears in the list and links
// to its page (one link per row); the filter form narrows on the server and the URL holds the filter (a shared
// link shows the same rows); saved views are kept per user and can be reopened and deleted; CSV export of
// everything matching and of the selected rows, with dates in the browser's time zone; a user without
// TRANSACTIONS_EXPORT sees the export disabled with the reason.
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { expect, test, type Download, type Page } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { startFormSale } from "../scripts/lib/merchant-server";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

test.describe.configure({ mode: "serial" });
test.use({ timezoneId: "Asia/Riyadh" });

const token = randomUUID().slice(0, 8);
const approved = { orderId: `e2e-list-${token}-ok`, email: `ok-${token}@example.com` };
const declined = { orderId: `e2e-list-${token}-no`, email: `no-${token}@example.com` };

async function downloadedText(download: Download): Promise<string> {
  const text = fs.readFileSync((await download.path())!, "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true); // UTF-8 byte-order mark for spreadsheets
  return text.slice(1);
}

const rows = (page: Page) => page.locator("tbody tr");

test.beforeAll(async () => {
  // Card expiry month 01 approves without a challenge, 02 declines (sandbox test-card rules); either way the
  // sandbox notifies the dashboard, which records the payment after asking the gateway for its status.
  const termUrl = `${e2eUrls.app}/payments/return?flow=3ds`;
  await startFormSale(e2eUrls.sandbox, {
    orderId: approved.orderId,
    card: "4111111111111111",
    expMonth: "01",
    expYear: "2038",
    email: approved.email,
    termUrl,
  });
  await startFormSale(e2eUrls.sandbox, {
    orderId: declined.orderId,
    card: "5123450000000008",
    expMonth: "02",
    expYear: "2038",
    email: declined.email,
    termUrl,
  });
});

test("payments made on the merchant's website appear in the list once the gateway reports them, each linking to its page", async ({
  page,
}) => {
  await signedInAs(page, E2E_USERS.finance);
  await page.goto("/overview");
  await expect
    .poll(
      async () => {
        await page.goto(`/transactions?q=${token}`);
        return rows(page).count();
      },
      { timeout: 60_000, intervals: [1_000, 2_000, 3_000] },
    )
    .toBe(2);
  const row = rows(page).filter({ hasText: approved.orderId });
  await expect(row.getByText("Captured")).toBeVisible();
  await expect(row.getByText("SAR 25.00")).toBeVisible();
  await expect(row.getByRole("link")).toHaveAttribute("href", /^\/transactions\/[0-9a-f-]{36}$/);
  await expect(page.getByText(/Date filters use Asia\/Riyadh/)).toBeVisible();
});

test("the GET filter form narrows on the server and the URL holds the filter, so a shared link shows the same rows", async ({
  page,
  browser,
}) => {
  await signedInAs(page, E2E_USERS.finance);
  await page.goto("/transactions");
  // A bare link reads its days in the business zone, which the page names.
  await expect(page.getByText(/Date filters use Asia\/Riyadh/)).toBeVisible();
  await page.getByRole("main").getByRole("searchbox", { name: "Search" }).fill(token);
  await page.getByLabel("Status").selectOption("captured");
  await page.getByRole("button", { name: "Apply filters" }).click();
  // The page tidies the submitted form into the canonical URL: filters in a fixed order, empty fields dropped.
  await expect(page).toHaveURL(new RegExp(`/transactions\\?q=${token}&status=captured&tz=Asia%2FRiyadh$`));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(approved.orderId);
  const shared = page.url();

  await page.getByLabel("Status").selectOption("declined");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(declined.orderId);

  // Another user opening the shared link sees the same filtered list.
  const other = await browser.newContext({ timezoneId: "Asia/Riyadh" });
  const p2 = await other.newPage();
  await signedInAs(p2, E2E_USERS.reader);
  await p2.goto(shared);
  await expect(rows(p2)).toHaveCount(1);
  await expect(rows(p2).first()).toContainText(approved.orderId);
  await other.close();
});

test("a saved view keeps the filter for this user: saved, reopened from its link, deleted", async ({ page }) => {
  const name = `Morning ${token}`;
  await signedInAs(page, E2E_USERS.finance);
  await page.goto(`/transactions?q=${token}&status=captured`);
  await page.getByRole("button", { name: "Save view" }).click();
  const dialog = page.getByRole("dialog", { name: "Save this view" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Save view" }).click();
  await expect(dialog).toBeHidden();

  // A bare link now: this browser's zone is already known (cookie), so the page keeps the URL as it is.
  await page.goto("/transactions");
  await page.getByRole("link", { name }).click();
  await expect(page).toHaveURL(/status=captured/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(approved.orderId);

  await page.getByRole("button", { name: `Delete saved view “${name}”` }).click();
  await expect(page.getByRole("link", { name })).toHaveCount(0);
});

test("CSV export: every matching row, or only the ticked rows, with dates in the business time zone", async ({ page }) => {
  await signedInAs(page, E2E_USERS.finance);
  await page.goto(`/transactions?q=${token}`);
  await expect(rows(page)).toHaveCount(2);

  const [all] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export all matching (CSV)" }).click()]);
  expect(all.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  const lines = (await downloadedText(all)).split("\r\n").filter(Boolean);
  expect(lines[0]).toMatch(/^Created \(Asia\/Riyadh\),Payment ID,Order ID,/);
  expect(lines).toHaveLength(3);
  const okLine = lines.find((l) => l.includes(approved.orderId))!;
  expect(okLine).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},/);
  expect(okLine).toContain(",Captured,25.00,SAR,");
  expect(lines.some((l) => l.includes(declined.orderId) && l.includes(",Declined,"))).toBe(true);

  await page.getByRole("checkbox", { name: `Select order ${approved.orderId}` }).check();
  const exportSelected = page.getByRole("button", { name: "Export selected (1)" });
  await expect(exportSelected).toBeEnabled();
  const [picked] = await Promise.all([page.waitForEvent("download"), exportSelected.click()]);
  const pickedLines = (await downloadedText(picked)).split("\r\n").filter(Boolean);
  expect(pickedLines).toHaveLength(2);
  expect(pickedLines[1]).toContain(approved.orderId);
});

test("a user without TRANSACTIONS_EXPORT sees the export disabled, with the reason, and no row selection", async ({ page }) => {
  await signedInAs(page, E2E_USERS.reader);
  await page.goto(`/transactions?q=${token}`);
  await expect(rows(page)).toHaveCount(2);
  const exportButton = page.getByRole("button", { name: "Export CSV" });
  await expect(exportButton).toHaveAttribute("aria-disabled", "true");
  await exportButton.focus();
  await expect(page.getByRole("tooltip")).toContainText("TRANSACTIONS_EXPORT");
  await expect(page.getByRole("checkbox", { name: /^Select order/ })).toHaveCount(0);
  const res = await page.request.get(`/api/transactions/export?q=${token}`);
  expect(res.status()).toBe(403);
});

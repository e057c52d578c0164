// One business time zone, driven in Chromium against the built app with the browser's clock in UTC. Rules guarded:
// a payment made at 01:30 Riyadh time (22:30 UTC the day before) is on the same day, 1 March, on every screen (the
// transactions list and its date filter, the payment's page, the customer's page, the daily-closing report) and in
// every export (transactions CSV, report CSV), whose headers name the zone; every signed-in screen names the zone
// (the header from 640 px, the foot of the page on a phone); a person may choose their browser's clock on the
// Account page, and then reads 28 Feb 22:30 on the screens while the exports keep the business zone. In English and
// Arabic, at 1440 and 390 px, with axe.
import type { Download, Page } from "./support/test";
import { expect, test } from "./support/test";
import { shootScreen } from "./support/screens";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS, NIGHT_PAYMENT } from "./support/users";

test.describe.configure({ mode: "serial" });
// The browser's clock is UTC: what the screens show is the business zone's, not the machine's.
test.use({ timezoneId: "UTC" });

const night = NIGHT_PAYMENT;
const row = (page: Page) => page.locator("tbody tr").filter({ hasText: night.orderId });

async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
}

async function transactionsCsvLines(page: Page): Promise<string[]> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export all matching (CSV)" }).click()]);
  return (await downloadedText(file)).split("\r\n").filter(Boolean);
}

async function chooseClock(page: Page, choice: "business" | "browser") {
  await page.goto("/account#display");
  await page.getByLabel("Show times in").selectOption(choice);
  await Promise.all([page.waitForEvent("load"), page.locator("#display").getByRole("button", { name: "Save" }).click()]);
}

test("01:30 in Riyadh is 1 March on the list, its filter, the payment, the customer and the report, and in the CSVs", async ({ page }) => {
  await signedInAs(page, E2E_USERS.finance);
  await page.goto(`/transactions?q=${night.orderId}`);
  await expect(row(page)).toContainText("1 Mar 2025, 01:30");
  // The zone is named on the screen (the header at this width) and the bare link was not rewritten to the browser's.
  await expect(page.getByRole("banner").getByTestId("zone-note")).toHaveText("Times in Asia/Riyadh (GMT+3)");
  await expect(page).toHaveURL(new RegExp(`/transactions\\?q=${night.orderId}$`));

  // The date filter counts in the same days.
  await page.goto(`/transactions?q=${night.orderId}&from=${night.businessDay}&to=${night.businessDay}`);
  await expect(row(page)).toHaveCount(1);
  await page.goto(`/transactions?q=${night.orderId}&from=${night.utcDay}&to=${night.utcDay}`);
  await expect(page.getByRole("status").filter({ hasText: "match" })).toHaveText("0 payments match");

  await page.goto(`/transactions?q=${night.orderId}`);
  const lines = await transactionsCsvLines(page);
  expect(lines[0]).toMatch(/^Created \(Asia\/Riyadh\),/);
  expect(lines[1]).toMatch(new RegExp(`^2025-03-01 01:30:00,[^,]+,${night.orderId},`));

  await row(page).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(night.orderId);
  await expect(page.getByRole("main")).toContainText("1 Mar 2025, 01:30");
  await expect(page.getByRole("main")).not.toContainText("28 Feb 2025");
  await shootScreen(page, "business-zone-payment");

  await page.goto(`/customers?q=${encodeURIComponent(night.payerEmail)}`);
  await page
    .getByRole("link", { name: new RegExp(night.payerName) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(night.payerName);
  await expect(page.getByRole("main")).toContainText("1 Mar 2025, 01:30");

  // The daily closing of 1 March has the sale; its file too, and the 28 February's has nothing.
  await page.goto(`/reports?from=${night.businessDay}&to=${night.businessDay}&currency=SAR`);
  await expect(page.getByRole("main")).toContainText("130.00");
  await expect(page.getByRole("main")).toContainText("Asia/Riyadh");
  const report = async (day: string) =>
    (await page.request.get(`/api/reports/daily-closing?from=${day}&to=${day}&currency=SAR&format=csv`)).text();
  expect(await report(night.businessDay)).toContain("130.00");
  expect(await report(night.utcDay)).not.toContain("130.00");
});

test("a person who chooses their browser's clock reads 28 Feb 22:30 (UTC) on the screens; the CSV keeps Riyadh", async ({ page }) => {
  await signedInAs(page, E2E_USERS.clock);
  await chooseClock(page, "browser");
  try {
    await page.goto(`/transactions?q=${night.orderId}`);
    await expect(page.getByRole("banner").getByTestId("zone-note")).toHaveText(/^Times in your browser's time zone, UTC \(GMT(\+0)?\)$/);
    await expect(row(page)).toContainText("28 Feb 2025, 22:30");
    // The list's filter days are the person's now: the 28th (UTC) holds it.
    await page.goto(`/transactions?q=${night.orderId}&from=${night.utcDay}&to=${night.utcDay}`);
    await expect(row(page)).toHaveCount(1);
    const lines = await transactionsCsvLines(page);
    expect(lines[0]).toMatch(/^Created \(Asia\/Riyadh\),/);
    expect(lines[1]).toMatch(new RegExp(`^2025-03-01 01:30:00,[^,]+,${night.orderId},`));
  } finally {
    await chooseClock(page, "business");
  }
  await page.goto(`/transactions?q=${night.orderId}`);
  await expect(row(page)).toContainText("1 Mar 2025, 01:30");
});

test("every screen names the zone: in the header from 640 px, at the foot of the page on a phone, in English and Arabic", async ({
  page,
}) => {
  await signedInAs(page, E2E_USERS.finance);
  await page.goto(`/transactions?q=${night.orderId}`);
  await page.setViewportSize({ width: 390, height: 844 });
  const foot = page.getByRole("main").getByTestId("zone-note");
  await expect(foot).toBeVisible();
  await expect(page.getByRole("banner").getByTestId("zone-note")).toBeHidden();
  await shootScreen(page, "business-zone-transactions");

  await page.context().addCookies([{ name: "ui-prefs", value: "ar.latn.0", url: page.url() }]);
  await page.goto(`/transactions?q=${night.orderId}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(row(page)).toContainText("1:30");
  await expect(page.getByRole("main").getByTestId("zone-note")).toContainText("Asia/Riyadh");
  await shootScreen(page, "business-zone-transactions-ar");
});

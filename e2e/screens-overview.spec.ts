// The Overview (#14), driven in Chromium against the built app, on payments customers make on the merchant's
// website (straight at the sandbox; the ledger's triggers keep the rollup in step). The run's database is shared
// with the other specs, so each figure is read before and after seeding and checked to move by exactly the seeded
// amounts. Rules guarded: the figures and the charts' tables show the seeded payments per currency (gross, refunds,
// counts, attempts, declines, by card brand, per hour); a figure's link opens the Transactions list for its days,
// zone and currency; an invalid custom range is an error, not the default period's figures; a user without
// TRANSACTIONS_VIEW sees no figure but the rest of the page; no sideways scrolling at 390 px; screenshots and axe at
// 1440 and 390 px.
import { randomUUID } from "node:crypto";
import { expect, test, type Locator, type Page } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { newOrderId, startFormSale } from "../scripts/lib/merchant-server";
import { waitForMail } from "./support/mailbox";
import { paymentIdOf } from "./support/seed-payments";
import { scrollsSideways, shootScreen } from "./support/screens";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

test.describe.configure({ mode: "serial" });
test.use({ timezoneId: "Asia/Riyadh" });

const token = randomUUID().slice(0, 8);
const TODAY = "/overview?period=today&currency=SAR";

/** "SAR 1,234.50" → 123450 (SAR has two decimals); "" → 0. */
const minorOf = (text: string | null) => Number((text ?? "").replace(/[^\d]/g, "") || "0");
const numberOf = (text: string | null) => Number((text ?? "").replace(/[^\d]/g, "") || "0");

interface Snapshot {
  gross: number;
  grossCount: number;
  refunds: number;
  refundCount: number;
  attempts: number;
  declines: number;
  visa: number;
  visaCount: number;
  mastercard: number;
  hourlyTotal: number;
}

const sar = (page: Page) => page.locator('section[aria-labelledby="figures-SAR"]');
const dd = (scope: Locator, label: string, nth = 0) => scope.locator(`dt:text-is("${label}") ~ dd`).nth(nth);
// The charts' tables sit in closed <details> until "Show as table" is chosen: read them hidden or not.
const table = (page: Page, caption: string) => page.getByRole("table", { name: caption, exact: true, includeHidden: true });
const cells = (t: Locator, rowHeader: string) =>
  t
    .getByRole("row", { includeHidden: true })
    .filter({ has: t.page().getByRole("rowheader", { name: rowHeader, exact: true, includeHidden: true }) })
    .getByRole("cell", { includeHidden: true });

async function snapshot(page: Page): Promise<Snapshot> {
  await page.goto(TODAY);
  // The figures stream in behind loading.tsx and may be revealed after the load event: without this wait an
  // unrevealed page reads as "no SAR figures yet" and the snapshot is all zeros.
  await expect(page.locator("#figures-heading")).toBeVisible();
  if ((await sar(page).count()) === 0) {
    return {
      gross: 0,
      grossCount: 0,
      refunds: 0,
      refundCount: 0,
      attempts: 0,
      declines: 0,
      visa: 0,
      visaCount: 0,
      mastercard: 0,
      hourlyTotal: 0,
    };
  }
  const brands = table(page, "Gross volume by card brand, SAR");
  const hourly = table(page, "Gross volume per hour, SAR");
  const firstCell = async (l: Locator) => ((await l.count()) ? l.first().textContent() : null);
  const lastCell = async (l: Locator) => ((await l.count()) ? l.last().textContent() : null);
  const outcomes = page.locator('section[aria-labelledby="figures-outcomes"]');
  const hourCells = await hourly.getByRole("cell", { includeHidden: true }).allTextContents();
  return {
    gross: minorOf(await dd(sar(page), "Gross volume").textContent()),
    grossCount: numberOf(await dd(sar(page), "Gross volume", 1).textContent()),
    refunds: minorOf(await dd(sar(page), "Refunds").textContent()),
    refundCount: numberOf(await dd(sar(page), "Refunds", 1).textContent()),
    attempts: numberOf(((await dd(outcomes, "Approval rate", 1).textContent()) ?? "").replace(/^.* of /, "")),
    declines: numberOf(await dd(outcomes, "Declines").textContent()),
    visa: minorOf(await lastCell(cells(brands, "VISA"))),
    visaCount: numberOf(await firstCell(cells(brands, "VISA"))),
    mastercard: minorOf(await lastCell(cells(brands, "Mastercard"))),
    hourlyTotal: hourCells.reduce((s, c) => s + minorOf(c), 0),
  };
}

async function pay(orderId: string, card: string, amount: string, expMonth = "01") {
  await startFormSale(e2eUrls.sandbox, {
    orderId,
    card,
    expMonth, // 01 approves without a challenge, 02 is declined (sandbox test-card rules)
    expYear: "2038",
    email: `${orderId}@example.com`,
    termUrl: `${e2eUrls.app}/payments/return`,
    amount,
  });
}

const orders = {
  visaBig: newOrderId(`e2e-ov-${token}-v1`),
  visaSmall: newOrderId(`e2e-ov-${token}-v2`),
  mc: newOrderId(`e2e-ov-${token}-mc`),
  declined: newOrderId(`e2e-ov-${token}-dec`),
};
let before: Snapshot;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signedInAs(page, E2E_USERS.finance);
  await page.goto("/overview");
  before = await snapshot(page);
  await pay(orders.visaBig, "4111111111111111", "123.45");
  await pay(orders.visaSmall, "4111111111111111", "10.00");
  await pay(orders.mc, "5123450000000008", "25.00");
  await pay(orders.declined, "4111111111111111", "7.00", "02");
  for (const o of Object.values(orders)) await paymentIdOf(page, o);
  // Finance refunds 5.00 of the 10.00 sale (under the approval limit: sent at once).
  const id = await paymentIdOf(page, orders.visaSmall);
  const res = await page.request.post(`/api/transactions/${id}/refunds`, {
    headers: { origin: e2eUrls.app },
    data: { amount: "5.00", reasonCode: "customer_request", note: "", idempotencyKey: `k_overview_refund_${token}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await page.close();
});

test("the figures and the charts' tables move by exactly the seeded payments", async ({ page }) => {
  await signedInAs(page, E2E_USERS.finance);
  await page.goto("/overview");
  await expect(page.getByText("Times in Asia/Riyadh.")).toBeVisible();
  let after = before;
  await expect
    .poll(async () => (after = await snapshot(page)).refundCount - before.refundCount, {
      timeout: 20_000,
      message: "the refund reaches the figures",
    })
    .toBe(1);
  expect(after.gross - before.gross).toBe(12_345 + 1_000 + 2_500);
  expect(after.grossCount - before.grossCount).toBe(3);
  expect(after.refunds - before.refunds).toBe(500);
  expect(after.attempts - before.attempts).toBe(4);
  expect(after.declines - before.declines).toBe(1);
  expect(after.visa - before.visa).toBe(13_345);
  expect(after.visaCount - before.visaCount).toBe(2);
  expect(after.mastercard - before.mastercard).toBe(2_500);
  // The hourly chart's table adds up to the gross figure.
  expect(after.hourlyTotal).toBe(after.gross);
  await expect(page.getByRole("heading", { name: "Needs attention" })).toBeVisible();
  // The database kind and the gateway's host are the super-admins' business, not finance's.
  await expect(page.getByRole("heading", { name: "System status" })).toHaveCount(0);
});

test("a super-admin sees the system's state on the Overview", async ({ page }) => {
  await signedInAs(page, E2E_USERS.admin);
  await page.goto("/overview");
  await expect(page.getByRole("heading", { name: "System status" })).toBeVisible();
});

test("a figure's link opens the Transactions list of exactly its payments (days, zone, currency, activity)", async ({ page }) => {
  await signedInAs(page, E2E_USERS.finance);
  await page.goto(TODAY);
  const link = dd(sar(page), "Gross volume").getByRole("link");
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/transactions\?activity=gross&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&tz=Asia%2FRiyadh&currency=SAR$/);
  await link.click();
  await expect(page).toHaveURL(/\/transactions\?.*activity=gross/);
  await expect(page.getByText("Payments that took money")).toBeVisible();
  const url = new URL(page.url());
  expect(url.searchParams.get("currency")).toBe("SAR");
  expect(url.searchParams.get("from")).toBe(new URL(href!, e2eUrls.app).searchParams.get("from"));
  const row = (o: string) => page.locator("tbody tr").filter({ hasText: o });
  // The three sales, not the declined payment (it took no money).
  for (const o of [orders.visaBig, orders.visaSmall, orders.mc]) await expect(row(o)).toHaveCount(1);
  await expect(row(orders.declined)).toHaveCount(0);

  // The declines figure lists the declined payment and none of the sales.
  await page.goto(TODAY);
  await dd(page.locator('section[aria-labelledby="figures-outcomes"]'), "Declines").getByRole("link").click();
  await expect(page).toHaveURL(/activity=declines/);
  await expect(row(orders.declined)).toHaveCount(1);
  await expect(row(orders.visaBig)).toHaveCount(0);
});

test("screens: figures and charts at 1440 and 390 px, a chart's table open, no sideways scrolling", async ({ page }) => {
  await signedInAs(page, E2E_USERS.finance);
  await page.goto(TODAY);
  const brandChart = page.locator("figure").filter({ hasText: "Gross volume by card brand, SAR" });
  await brandChart.getByText("Show as table").click();
  await expect(brandChart.getByRole("table", { name: "Gross volume by card brand, SAR" })).toBeVisible();
  await shootScreen(page, "overview-today");
  await page.goto("/overview");
  await shootScreen(page, "overview-30-days");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/overview?period=7d");
  expect(await scrollsSideways(page)).toBe(false);
  // Print: the picker is left out, the charts' words are black, and nothing runs off the page.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Period" })).toBeHidden();
  const caption = page.locator("figcaption").first();
  expect(await caption.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(0, 0, 0)");
  expect(await scrollsSideways(page)).toBe(false);
  await page.screenshot({ path: "test-results/screens/overview-print-390.png", fullPage: true });
  await page.emulateMedia({ media: "screen" });
});

test("an invalid custom range says so and shows no figures", async ({ page }) => {
  await signedInAs(page, E2E_USERS.finance);
  await page.goto("/overview?period=custom&from=2026-11-10&to=2026-11-01");
  await expect(page.getByRole("alert").filter({ hasText: "The range ends before it starts." })).toBeVisible();
  await expect(page.locator("dt", { hasText: "Gross volume" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Charts" })).toHaveCount(0);
  // A preset link gets back to figures.
  await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "Last 30 days" }).click();
  await expect(page.getByText("The range ends before it starts.")).toHaveCount(0);
  await expect(sar(page).locator("dt", { hasText: "Gross volume" })).toBeVisible();
});

test("a user without TRANSACTIONS_VIEW sees no figure, and the rest of the page", async ({ page, browser }) => {
  await signedInAs(page, E2E_USERS.admin);
  await page.goto("/overview");
  const roleName = `e2e-branches-only-${token}`;
  const role = await page.request.post("/api/admin/roles", {
    headers: { origin: e2eUrls.app },
    data: { name: roleName, description: "Branches only (Overview spec)", permissions: ["BRANCHES_VIEW"] },
  });
  expect(role.status(), await role.text()).toBe(201);
  const email = `branches.${token}@e2e.test`;
  const user = await page.request.post("/api/admin/users", {
    headers: { origin: e2eUrls.app },
    data: { email, name: "Badr Branches", phoneNumber: "+966501112255", userType: "USER", roleNames: [roleName] },
  });
  expect(user.ok(), await user.text()).toBe(true);
  const mail = await waitForMail(e2eUrls.sandbox, email, { subject: /invited/i });
  const link = mail.links.find((l) => l.includes("/set-password?token="))!;
  const theirs = await browser.newContext({ baseURL: e2eUrls.app });
  const person = await theirs.newPage();
  await person.goto(link);
  await person.getByLabel("New password").fill("badr chooses this one 3");
  await person.getByLabel("Repeat the password").fill("badr chooses this one 3");
  await person.getByRole("button", { name: "Set password" }).click();
  await expect(person.getByText(`Your password is set. Sign in as ${email}.`)).toBeVisible();
  await person.goto("/login");
  await person.getByLabel("E-mail").fill(email);
  await person.getByLabel("Password").fill("badr chooses this one 3");
  await person.getByRole("button", { name: "Sign in" }).click();
  await expect(person).toHaveURL(/\/overview$/);
  await expect(person.getByText("Figures are not shown to you")).toBeVisible();
  await expect(person.locator("dt", { hasText: "Gross volume" })).toHaveCount(0);
  await expect(person.getByRole("navigation", { name: "Period" })).toHaveCount(0);
  await expect(person.getByRole("heading", { name: "System status" })).toHaveCount(0);
  await shootScreen(person, "overview-no-figures");
  await theirs.close();
});

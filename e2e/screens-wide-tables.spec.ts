// Rule guarded: the most useful column is never the hidden one. At 1440 px (a laptop) every column of the audit log,
// the daily closing report and the Account page's sessions table is on screen: no header or body cell reaches past
// the visible edge of the box that scrolls or clips it, nor past the window, on either side, in English and in Arabic
// (right to left, where a cut would lose the first columns instead of the last). The page itself does not scroll
// sideways, and a session's dates stay readable (at most two lines each). Measured with getBoundingClientRect, not
// by eye; screenshots at 1440 and 390 px (with axe) are taken in both languages for people to look at.
import { expect, test, type Browser, type Locator, type Page } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { newOrderId, startFormSale } from "../scripts/lib/merchant-server";
import { customerPays, paymentIdOf } from "./support/seed-payments";
import { scrollsSideways, shootScreen, WIDTHS } from "./support/screens";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

const LANGUAGES = [
  { lang: "en", locale: "en-GB" },
  { lang: "ar", locale: "ar-SA" },
] as const;

const token = Date.now().toString(36);

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-GB" });
  const page = await context.newPage();
  // Audit entries as wide as real ones get: a reset asked for a long unknown address (the address is the actor, the
  // action code is one of the longest), and a user invited with a long address (which the sentence names).
  const reset = await page.request.post(`${e2eUrls.app}/api/session/password-reset`, {
    headers: { origin: e2eUrls.app },
    data: { email: `accounts.payable.reconciliation.${token}@finance-department.example.com` },
  });
  expect(reset.status(), await reset.text()).toBeLessThan(300);
  await signedInAs(page, E2E_USERS.admin);
  const invited = await page.request.post("/api/admin/users", {
    headers: { origin: e2eUrls.app },
    data: {
      email: `head.of.settlement.operations.${token}@finance-department.example.com`,
      name: "Wide Columns",
      phoneNumber: "+966501112299",
      userType: "USER",
      roleNames: ["read-only"],
    },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  // A busy merchant's day in SAR, in the hundreds of millions: a sale, a captured and a voided authorization and a
  // decline, so that every amount column of the daily closing takes the width such figures need.
  await customerPays(page, { amount: "98765432.10", auth: false });
  const captured = await customerPays(page, { amount: "87654321.09", auth: true });
  const voided = await customerPays(page, { amount: "76543210.98", auth: true });
  const capture = await page.request.post(`/api/transactions/${captured.paymentId}/capture`, {
    headers: { origin: e2eUrls.app },
    data: { amount: "87654321.09", idempotencyKey: `k_wide_capture_${token}` },
  });
  expect(capture.ok(), await capture.text()).toBe(true);
  const cancel = await page.request.post(`/api/transactions/${voided.paymentId}/void`, {
    headers: { origin: e2eUrls.app },
    data: { idempotencyKey: `k_wide_void_${token}` },
  });
  expect(cancel.ok(), await cancel.text()).toBe(true);
  const declined = newOrderId("e2e-wide-decline");
  await startFormSale(e2eUrls.sandbox, {
    orderId: declined,
    card: "4111111111111111",
    expMonth: "02", // declined by the issuer (sandbox test-card rules)
    expYear: "2038",
    email: `wide.${token}@example.com`,
    termUrl: `${e2eUrls.app}/payments/return`,
    amount: "65432109.87",
    auth: false,
  });
  await paymentIdOf(page, declined);
  await context.close();
});

async function pageIn(browser: Browser, locale: string, user: { email: string }): Promise<Page> {
  const context = await browser.newContext({ locale, timezoneId: "Asia/Riyadh", viewport: WIDTHS.desktop });
  const page = await context.newPage();
  await signedInAs(page, user);
  return page;
}

/**
 * Every header and body cell of the table that is not inside the visible part of the boxes around it (the table's
 * own scroll region, a card that clips, the window), and every such box with hidden width to scroll to, as readable
 * lines; empty when every column can be read.
 */
async function cutCells(table: Locator): Promise<string[]> {
  return table.evaluate((t) => {
    let left = 0;
    let right = document.documentElement.clientWidth;
    const cut: string[] = [];
    for (let el = t.parentElement; el && el !== document.documentElement; el = el.parentElement) {
      if (getComputedStyle(el).overflowX === "visible") continue;
      const box = el.getBoundingClientRect();
      left = Math.max(left, box.left + el.clientLeft);
      right = Math.min(right, box.left + el.clientLeft + el.clientWidth);
      // A pinned (sticky) column is measured where it sticks, over the columns it covers: a box with anything to
      // scroll to is a column out of view, whatever the cells' rectangles say.
      if (el.scrollWidth > el.clientWidth + 1)
        cut.push(`${el.tagName.toLowerCase()} scrolls ${el.scrollWidth - el.clientWidth} px sideways`);
    }
    for (const cell of t.querySelectorAll<HTMLElement>("thead th, tbody th, tbody td")) {
      const r = cell.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.left < left - 1 || r.right > right + 1) {
        const text = (cell.innerText || cell.getAttribute("aria-label") || "").trim().replace(/\s+/g, " ").slice(0, 40);
        cut.push(
          `${cell.tagName.toLowerCase()} "${text}" spans ${Math.round(r.left)}–${Math.round(r.right)}, visible ${Math.round(left)}–${Math.round(right)}`,
        );
      }
    }
    return cut;
  });
}

async function expectAllColumnsVisible(page: Page, table: Locator) {
  await expect(table.locator("tbody tr").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.clientWidth)).toBe(WIDTHS.desktop.width);
  expect(await cutCells(table)).toEqual([]);
  expect(await scrollsSideways(page), "the page scrolls sideways").toBe(false);
}

for (const { lang, locale } of LANGUAGES) {
  test(`${lang}: the audit log's "What happened" is on screen at 1440 px, every column with it`, async ({ browser }) => {
    const page = await pageIn(browser, locale, E2E_USERS.admin);
    await page.goto("/admin/audit");
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expectAllColumnsVisible(page, page.getByRole("table"));
    await shootScreen(page, `wide-audit-${lang}`, { fullPage: false });
    await page.context().close();
  });

  test(`${lang}: the daily closing's Net is on screen at 1440 px, every column with it`, async ({ browser }) => {
    const page = await pageIn(browser, locale, E2E_USERS.finance);
    await page.goto("/reports?period=today");
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    const table = page.getByRole("table");
    await expectAllColumnsVisible(page, table);
    // The Net column is the last one: its header and this day's figure are there to read.
    await expect(table.locator("tbody tr").first().locator("td").last()).not.toBeEmpty();
    await shootScreen(page, `wide-reports-${lang}`);
    await page.context().close();
  });

  test(`${lang}: the Account page's sessions table has room for its columns, dates on at most two lines`, async ({ browser }) => {
    const page = await pageIn(browser, locale, E2E_USERS.reader);
    await page.goto("/account");
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    const table = page.locator("#sessions-heading").locator("xpath=ancestor::section[1]").getByRole("table");
    await expectAllColumnsVisible(page, table);
    const dates = table.locator("tbody td time > bdi");
    expect(await dates.count()).toBeGreaterThanOrEqual(2);
    const lines = await dates.evaluateAll((els) =>
      els.map((el) => {
        const lineHeight = parseFloat(getComputedStyle(el.closest("td")!).lineHeight);
        return { text: el.textContent, height: el.getBoundingClientRect().height, max: 2 * lineHeight };
      }),
    );
    for (const d of lines) expect(d.height, `"${d.text}" takes more than two lines`).toBeLessThanOrEqual(d.max);
    await shootScreen(page, `wide-account-${lang}`);
    await page.context().close();
  });
}

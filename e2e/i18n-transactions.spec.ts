// The money screens in Arabic (#15): the transactions list, a payment's page with its refund dialog, the Captures
// and Refunds queues, read right to left from the browser's Accept-Language (ar-SA; no saved preference, so the
// shared users stay in English for every other spec). Rules guarded, each named in its test: the list filters on
// the server with the URL holding the filter, its columns run right to left and amounts stay "SAR 1,250.00"
// isolated left-to-right; a partial refund made through the Arabic dialog shows the refunded amount and an Arabic
// timeline sentence; axe finds nothing on the list, the dialog and the page. Screenshots in /tmp/shots-b.
import fs from "node:fs";
import { expect, test, type Page } from "./support/test";
// Imported with the JSON attribute: Playwright loads specs as ES modules (messages/index.ts's plain imports are for
// the bundler and vitest).
import ar from "../messages/ar/transactions.json" with { type: "json" };
import arPayment from "../messages/ar/payment.json" with { type: "json" };
import arMoney from "../messages/ar/moneyActions.json" with { type: "json" };
import arVocab from "../messages/ar/vocab.json" with { type: "json" };
import arCaptures from "../messages/ar/captures.json" with { type: "json" };
import arRefunds from "../messages/ar/refunds.json" with { type: "json" };
import { axeViolations } from "./support/axe";
import { customerPays } from "./support/seed-payments";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

test.use({ locale: "ar-SA", timezoneId: "Asia/Riyadh" });

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-b";
fs.mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string, width = 1440) {
  await page.setViewportSize({ width, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test("Arabic list: status, currency and search filters narrow the rows on the server and stay in the URL; columns run right to left; amounts read 'SAR 12.50'; axe clean", async ({
  page,
}) => {
  await signedInAs(page, E2E_USERS.finance);
  const { orderId } = await customerPays(page, { amount: "12.50", auth: false });
  await page.goto("/transactions");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", /^ar/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ar.title);

  const form = page.getByRole("search", { name: ar.filters.formLabel });
  await form.getByLabel(ar.filters.status).selectOption("captured");
  await expect(page).toHaveURL(/status=captured/);
  await form.getByLabel(ar.filters.currency).selectOption("SAR");
  await expect(page).toHaveURL(/currency=SAR/);
  await form.getByLabel(ar.filters.search).fill(orderId);
  await form.getByRole("button", { name: ar.filters.apply }).click();
  await expect(page).toHaveURL(new RegExp(`q=${orderId}`));
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(arVocab.status.captured);
  // The count in Arabic plural words ("دفعة واحدة مطابقة للفلاتر").
  await expect(page.getByTestId("match-count")).toContainText("دفعة واحدة");

  // Right to left: the first column (the selection box, then "Created") sits right of the last one.
  const headers = page.locator("thead th");
  const first = (await headers.first().boundingBox())!;
  const last = (await headers.last().boundingBox())!;
  expect(first.x).toBeGreaterThan(last.x);
  // The amount: code first, Latin digits, isolated left to right inside the Arabic row.
  const amount = rows.first().locator('bdi[dir="ltr"]', { hasText: "SAR" }).first();
  await expect(amount).toHaveText(/^SAR\s12\.50$/);

  expect(await axeViolations(page), "axe on the Arabic list").toEqual([]);
  await shoot(page, "transactions-list");
  await shoot(page, "transactions-list-390", 390);
});

test("Arabic payment page: a partial refund through the Arabic dialog shows the refunded amount and an Arabic timeline; axe clean on the dialog and the page", async ({
  page,
}) => {
  await signedInAs(page, E2E_USERS.finance);
  const { paymentId } = await customerPays(page, { amount: "100.00", auth: false });
  await page.goto(`/transactions/${paymentId}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("region", { name: arPayment.amounts.heading })).toContainText("SAR 100.00");

  await page.getByRole("button", { name: arMoney.refund.button, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: arMoney.refund.title });
  await expect(dialog.getByTestId("refundable-balance")).toHaveText(/SAR\s100\.00/);
  await expect(dialog).toContainText(arMoney.refund.warningTitle);
  expect(await axeViolations(page), "axe on the Arabic refund dialog").toEqual([]);
  await dialog.getByLabel(new RegExp(arMoney.refund.amount.replace(" ({currency})", ""))).fill("30.00");
  await dialog.getByLabel(arMoney.refund.reason).selectOption("customer_request");
  await expect(dialog.getByLabel(arMoney.refund.reason).locator("option:checked")).toHaveText(arVocab.reason.customer_request);
  await shoot(page, "refund-dialog");
  await dialog.getByRole("button", { name: arMoney.refund.button, exact: true }).click();
  await expect(dialog).toBeHidden();

  // The refunded amount in the header and the figures; the timeline sentence is built on the server in Arabic.
  await expect(page.getByTestId("payment-headline")).toContainText(/SAR\s30\.00/);
  await expect(page.getByTestId("payment-headline")).toContainText("مسترَد");
  await expect(page.getByRole("region", { name: arPayment.amounts.heading })).toContainText("SAR 70.00");
  await expect(page.getByTestId("timeline")).toContainText("بطلب من");
  await expect(page.getByTestId("timeline")).toContainText(/SAR\s30\.00/);
  await expect(page.getByTestId("action-list")).toContainText(arVocab.actionType.refund);
  expect(await axeViolations(page), "axe on the Arabic payment page").toEqual([]);
  await shoot(page, "payment");
});

test("Arabic Captures and Refunds queues render right to left (screenshots)", async ({ page }) => {
  await signedInAs(page, E2E_USERS.admin);
  await customerPays(page, { amount: "45.00", auth: true });
  await page.goto("/captures");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(arCaptures.title);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await shoot(page, "captures");
  await page.goto("/refunds");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(arRefunds.title);
  await shoot(page, "refunds");
});

// The Reports screen (#14), driven in Chromium against the built app, on payments customers made on the merchant's
// website (straight at the sandbox) and a refund the finance user asks for. Rules guarded: the daily closing for
// today (in the reporting zone, which the page states) counts the seeded sales and refund; the CSV and XLSX
// downloads are that same table (numbers as numbers in the XLSX, with the currency's decimals as their format, and
// a header stating the report, the period and the zone); the refunds report says who asked; the ageing report
// counts the fresh authorization; a user without REPORTS_VIEW sees no report. Other specs' payments share the
// database, so every count is checked as "before + what this spec seeded". Screenshots at 1440 and 390 px with axe.
import fs from "node:fs";
import { randomInt, randomUUID } from "node:crypto";
import ExcelJS from "exceljs";
import { expect, test, type Page } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { dayInZone } from "../lib/reports/period";
import { newOrderId, startFormSale } from "../scripts/lib/merchant-server";
import { paymentIdOf } from "./support/seed-payments";
import { shootScreen } from "./support/screens";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

test.describe.configure({ mode: "serial" });

const ZONE = "Asia/Riyadh"; // REPORT_TIME_ZONE's default; the e2e servers do not set it
const token = randomUUID().slice(0, 8);
// Amounts in minor units (SAR, 2 decimals): two sales, a refund of part of the first, an authorization.
const sales = [randomInt(1_000, 9_999), randomInt(1_000, 9_999)];
const refund = 500;
const held = 10_000;
const orders = { sale1: `e2e-rep-${token}-s1`, sale2: `e2e-rep-${token}-s2`, auth: newOrderId("e2e-rep-auth") };

const decimal = (minor: number) => (minor / 100).toFixed(2);

/** RFC 4180 lines of a CSV text (quoted cells, doubled quotes, CRLF), without the byte-order mark. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const s = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quoted && c === '"' && s[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ",") {
      row.push(cell);
      cell = "";
    } else if (!quoted && c === "\r" && s[i + 1] === "\n") {
      rows.push([...row, cell]);
      row = [];
      cell = "";
      i++;
    } else {
      cell += c;
    }
  }
  if (cell !== "" || row.length) rows.push([...row, cell]);
  return rows;
}

/** The CSV's table: its column header (the line after the header block's blank line) and rows as records. */
function csvTable(text: string): { header: string[][]; rows: Array<Record<string, string>> } {
  const lines = parseCsv(text);
  const blank = lines.findIndex((l) => l.length === 1 && l[0] === "");
  const columns = lines[blank + 1]!;
  return {
    header: lines.slice(0, blank),
    rows: lines.slice(blank + 2).map((l) => Object.fromEntries(columns.map((c, i) => [c, l[i] ?? ""]))),
  };
}

async function csvOf(page: Page, path: string): Promise<ReturnType<typeof csvTable>> {
  const res = await page.request.get(path);
  expect(res.status(), await res.text()).toBe(200);
  return csvTable(await res.text());
}

/** The report table on the page, as records keyed by column header (the footer's totals left out). */
async function pageRows(page: Page): Promise<Array<Record<string, string>>> {
  // Each cell names its column (daily closing's headers are grouped: "Sales" over "Count" and "Amount").
  return page
    .getByRole("table")
    .evaluate((table) =>
      [...table.querySelectorAll("tbody tr")].map((tr) =>
        Object.fromEntries([...tr.querySelectorAll("td")].map((td) => [td.dataset.column ?? "", td.textContent?.trim() ?? ""])),
      ),
    );
}

const number = (text: string | undefined) => Number((text ?? "0").replace(/,/g, "").replace("\u2212", "-").replace(/^'/, ""));

let today = "";
let closingBefore: Record<string, string> | undefined;
let ageingBefore: Record<string, string> | undefined;

async function pay(orderId: string, minor: number, auth = false) {
  await startFormSale(e2eUrls.sandbox, {
    orderId,
    card: "4111111111111111",
    expMonth: "01", // approves without a challenge (sandbox test-card rules)
    expYear: "2038",
    email: `reports-${token}@example.com`,
    termUrl: `${e2eUrls.app}/payments/return`,
    amount: decimal(minor),
    auth,
  });
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signedInAs(page, E2E_USERS.finance);
  await page.goto("/overview");
  today = dayInZone(new Date(), ZONE);
  const closing = await csvOf(page, "/api/reports/daily-closing?period=today&currency=SAR&format=csv");
  closingBefore = closing.rows.find((r) => r.Day === today);
  ageingBefore = (await csvOf(page, "/api/reports/auth-ageing?currency=SAR&format=csv")).rows.find((r) => r.Age === "Under 1 day");

  await pay(orders.sale1, sales[0]!);
  await pay(orders.sale2, sales[1]!);
  await pay(orders.auth, held, true);
  const sale1 = await paymentIdOf(page, orders.sale1);
  await paymentIdOf(page, orders.sale2);
  await paymentIdOf(page, orders.auth);
  // The finance user refunds part of the first sale (under the approval threshold: sent at once).
  const res = await page.request.post(`/api/transactions/${sale1}/refunds`, {
    headers: { origin: e2eUrls.app },
    data: { amount: decimal(refund), reasonCode: "customer_request", note: "", idempotencyKey: `k_reports_${token}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  expect(((await res.json()) as { state: string }).state).toBe("succeeded");
  await page.close();
});

test("daily closing shows today's seeded sales and refund, in the reporting zone, and downloads as CSV and XLSX", async ({ page }) => {
  await signedInAs(page, E2E_USERS.finance);
  await page.goto("/reports?period=today&currency=SAR");
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(page.getByText(`Days are calendar days in the reporting time zone, ${ZONE}.`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Daily closing" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Scheduled reports" })).toHaveAttribute("href", "/reports/schedules");

  const row = (await pageRows(page)).find((r) => r.Day === today && r.Currency === "SAR");
  expect(row, `a SAR row for ${today}`).toBeDefined();
  const before = (k: string) => number(closingBefore?.[k]);
  expect(number(row!["Sales (count)"])).toBe(before("Sales (count)") + 2);
  expect(number(row!["Sales (amount)"])).toBeCloseTo(before("Sales (amount)") + (sales[0]! + sales[1]!) / 100, 2);
  expect(number(row!["Refunds (count)"])).toBe(before("Refunds (count)") + 1);
  expect(number(row!["Refunds (amount)"])).toBeCloseTo(before("Refunds (amount)") + refund / 100, 2);
  // The totals row is the footer, styled apart from the rows.
  await expect(page.locator("tfoot tr").first()).toContainText("Total");

  // CSV: the same numbers, after a header block naming the report, the day and the zone.
  const [csvDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(csvDownload.suggestedFilename()).toBe(`daily-closing_${today}_${today}.csv`);
  const csv = csvTable(fs.readFileSync((await csvDownload.path())!, "utf8"));
  expect(csv.header.slice(0, 3)).toEqual([
    ["Report", "Daily closing"],
    ["Period", `${today} to ${today}`],
    ["Time zone", ZONE],
  ]);
  const csvRow = csv.rows.find((r) => r.Day === today && r.Currency === "SAR")!;
  expect(number(csvRow["Sales (count)"])).toBe(number(row!["Sales (count)"]));
  expect(csvRow["Sales (amount)"]).toBe(row!["Sales (amount)"]!.replace(/,/g, ""));
  expect(csvRow["Refunds (amount)"]).toBe(row!["Refunds (amount)"]!.replace(/,/g, ""));

  // XLSX: numbers, with the currency's two decimals as their format.
  const [xlsxDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download XLSX" }).click()]);
  expect(xlsxDownload.suggestedFilename()).toBe(`daily-closing_${today}_${today}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await xlsxDownload.path())!);
  const sheet = workbook.worksheets[0]!;
  expect([sheet.getCell(2, 1).value, sheet.getCell(2, 2).value]).toEqual(["Period", `${today} to ${today}`]);
  expect([sheet.getCell(3, 1).value, sheet.getCell(3, 2).value]).toEqual(["Time zone", ZONE]);
  const labels = (sheet.getRow(6).values as unknown[]).slice(1);
  let found = 0;
  sheet.eachRow((r) => {
    if (r.getCell(1).value !== today || r.getCell(2).value !== "SAR") return;
    found++;
    const cell = (label: string) => r.getCell(labels.indexOf(label) + 1);
    expect(cell("Sales (count)").value).toBe(number(row!["Sales (count)"]));
    expect(cell("Sales (amount)").value).toBe(number(row!["Sales (amount)"]));
    expect(cell("Sales (amount)").numFmt).toBe("#,##0.00");
    expect(cell("Refunds (amount)").value).toBe(number(row!["Refunds (amount)"]));
  });
  expect(found).toBe(1);

  await shootScreen(page, "reports");
});

test("the refunds report says who refunded what, and why", async ({ page }) => {
  await signedInAs(page, E2E_USERS.finance);
  await page.goto("/reports?report=refunds&period=today");
  await expect(page.getByRole("heading", { level: 2, name: "Refunds" })).toBeVisible();
  const row = (await pageRows(page)).find((r) => r["Order ID"] === orders.sale1);
  expect(row).toMatchObject({
    Amount: decimal(refund),
    Currency: "SAR",
    State: "Succeeded",
    "Reason code": "customer_request",
    "Requested by": E2E_USERS.finance.email,
    "Counted by": "Completion",
  });
  const csv = await csvOf(page, `/api/reports/refunds?period=today&format=csv`);
  expect(csv.rows.find((r) => r["Order ID"] === orders.sale1)).toMatchObject({
    Amount: decimal(refund),
    "Requested by": E2E_USERS.finance.email,
  });
  await shootScreen(page, "reports-refunds");
});

test("the ageing report counts the fresh authorization as under a day old", async ({ page }) => {
  await signedInAs(page, E2E_USERS.finance);
  await page.goto("/reports?report=auth-ageing&currency=SAR");
  await expect(page.getByRole("heading", { level: 2, name: "Authorizations ageing" })).toBeVisible();
  const row = (await pageRows(page)).find((r) => r.Age === "Under 1 day" && r.Currency === "SAR");
  expect(number(row?.Authorizations)).toBe(number(ageingBefore?.Authorizations) + 1);
  expect(number(row?.["Amount held"])).toBeCloseTo(number(ageingBefore?.["Amount held"]) + held / 100, 2);
});

test("a user without REPORTS_VIEW sees no report and no Reports link", async ({ page }) => {
  await signedInAs(page, E2E_USERS.backOffice);
  await page.goto("/overview");
  await expect(page.getByRole("navigation").getByRole("link", { name: "Reports" })).toHaveCount(0);
  await page.goto("/reports");
  await expect(page.getByRole("table")).toHaveCount(0);
  await expect(page.getByText("REPORTS_VIEW")).toBeVisible();
  const res = await page.request.get("/api/reports/daily-closing?format=csv");
  expect(res.status()).toBe(403);
});

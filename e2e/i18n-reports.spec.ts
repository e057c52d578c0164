// The Overview, Reports and Scheduled reports in Arabic (issue #15), driven in Chromium with an Arabic browser
// (Accept-Language ar-SA; no language is saved for the shared users). Rules guarded: the pages are right to left
// (<html dir="rtl">, the sidebar on the right), their words come from the Arabic catalogs, amounts keep the
// "SAR 1,250.00" form, the charts' time runs right to left (the first hour at the right), a report downloaded as
// CSV has Arabic column headers and header block, and axe finds nothing. Screenshots at 1440 px in /tmp/shots-e.
import fs from "node:fs";
import { expect, test, type Browser, type BrowserContext, type Page } from "./support/test";
import type { Messages } from "../messages";
import { e2eUrls } from "../playwright.config";
import { dayInZone } from "../lib/reports/period";
import { axeViolations } from "./support/axe";
import { customerPays } from "./support/seed-payments";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

// Read as files: Playwright's loader does not import JSON modules here.
const catalog = <NS extends keyof Messages>(ns: NS) => JSON.parse(fs.readFileSync(`messages/ar/${ns}.json`, "utf8")) as Messages[NS];
const ar = catalog("overview");
const arReports = catalog("reports");
const arExports = catalog("exports");

test.describe.configure({ mode: "serial" });
test.use({ locale: "ar-SA", timezoneId: "Asia/Riyadh", viewport: { width: 1440, height: 900 } });

const ZONE = "Asia/Riyadh";
const SHOTS = "/tmp/shots-e";
let state: Awaited<ReturnType<BrowserContext["storageState"]>>;
let scheduleId: string | undefined;

/** Signs in through an English page (the sign-in form's labels are another area's), then browses in Arabic. */
async function arabicPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    locale: "ar-SA",
    timezoneId: ZONE,
    viewport: { width: 1440, height: 900 },
    storageState: state,
  });
  return context.newPage();
}

test.beforeAll(async ({ browser }) => {
  const english = await browser.newContext({ locale: "en-GB" });
  const page = await english.newPage();
  await signedInAs(page, E2E_USERS.finance);
  // One payment today, so the figures and the charts have something to show.
  await customerPays(page, { amount: "125.50", auth: false });
  // A weekly schedule, so the Scheduled reports page shows one in words.
  const res = await page.request.post("/api/reports/schedules", {
    headers: { origin: e2eUrls.app },
    data: {
      report: "daily-closing",
      breakdown: "none",
      currency: "",
      frequency: "weekly",
      timeOfDay: "07:00",
      weekday: "1",
      monthDay: "1",
      recipients: E2E_USERS.finance.email,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  scheduleId = ((await res.json()) as { scheduleId: string }).scheduleId;
  state = await english.storageState();
  await english.close();
});

// The schedule belongs to the shared finance user: it goes again, so that later specs (report-schedules.spec.ts starts
// from "No scheduled report") find the user as they expect.
test.afterAll(async ({ playwright }) => {
  if (!scheduleId) return;
  const api = await playwright.request.newContext({ baseURL: e2eUrls.app, storageState: state });
  const res = await api.delete(`/api/reports/schedules/${scheduleId}`, { headers: { origin: e2eUrls.app } });
  expect(res.ok(), await res.text()).toBe(true);
  await api.dispose();
});

test("the Overview reads right to left, in Arabic, with SAR amounts and time running right to left", async ({ browser }) => {
  const page = await arabicPage(browser);
  await page.goto("/overview?period=today&currency=SAR");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", /^ar/);
  await expect(page.getByRole("heading", { level: 1, name: ar.title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: ar.figures.heading })).toBeVisible();

  // The sidebar is on the right of the content.
  const main = await page.locator("main").boundingBox();
  const nav = await page.getByRole("navigation").first().boundingBox();
  expect(nav && main && nav.x > main.x).toBe(true);

  // Figures: the Arabic label, an amount as "SAR 125.50" (code first, Latin digits by default).
  const sar = page.locator('section[aria-labelledby="figures-SAR"]');
  await expect(sar.locator(`dt:text-is("${ar.cards.grossVolume}")`)).toBeVisible();
  await expect(sar.locator(`dt:text-is("${ar.cards.grossVolume}") ~ dd`).first()).toContainText(/SAR\s[\d,]+\.\d{2}/);

  // The hourly chart: 00:00 (the day's first hour) is right of 20:00.
  const chart = page.getByRole("figure").filter({ hasText: "SAR" }).first();
  const first = await chart.getByText("00:00", { exact: true }).boundingBox();
  const later = await chart.getByText("20:00", { exact: true }).boundingBox();
  expect(first && later && first.x > later.x, "time runs right to left").toBe(true);

  expect(await axeViolations(page)).toEqual([]);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/overview.png`, fullPage: true });
  await page.context().close();
});

test("the Reports page is in Arabic and its CSV has Arabic headers", async ({ browser }) => {
  const page = await arabicPage(browser);
  const today = dayInZone(new Date(), ZONE);
  await page.goto("/reports?period=today&currency=SAR");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: arReports.title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: arReports.names.dailyClosing })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: arReports.columns.dailyClosing.day })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: arReports.columns.dailyClosing.sales, exact: true })).toBeVisible();
  await expect(page.locator("tfoot tr").first()).toContainText(arReports.table.total);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: arReports.page.downloadCsv }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`daily-closing_${today}_${today}.csv`);
  const lines = fs
    .readFileSync((await download.path())!, "utf8")
    .replace(/^\uFEFF/, "")
    .split("\r\n");
  expect(lines[0]).toBe(`${arExports.report.report},${arReports.names.dailyClosing}`);
  expect(lines[1]).toBe(`${arExports.report.period},${today} إلى ${today}`);
  expect(lines[2]).toBe(`${arExports.report.timeZone},${ZONE}`);
  const header = lines[5]!.split(",");
  expect(header.slice(0, 4)).toEqual([
    arReports.columns.dailyClosing.day,
    arReports.columns.dailyClosing.currency,
    `${arReports.columns.dailyClosing.sales} (العدد)`,
    `${arReports.columns.dailyClosing.sales} (المبلغ)`,
  ]);
  expect(lines.some((l) => l.startsWith(`${today},SAR,`))).toBe(true);

  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/reports.png`, fullPage: true });
  await page.context().close();
});

test("Scheduled reports and the new-schedule dialog are in Arabic", async ({ browser }) => {
  const page = await arabicPage(browser);
  await page.goto("/reports/schedules");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: arReports.schedules.title })).toBeVisible();
  await expect(page.getByTestId("schedule-row").first()).toContainText("كل يوم الاثنين الساعة 07:00");
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/schedules.png`, fullPage: true });

  await page.getByRole("button", { name: arReports.schedules.newSchedule }).click();
  const dialog = page.getByRole("dialog", { name: arReports.schedules.newSchedule });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(arReports.schedules.dialog.howOften)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/schedules-dialog.png`, fullPage: true });
  await page.context().close();
});

// The audit log, driven in Chromium against the built app. Rules guarded: a super-admin sees the hash chain
// verified and the sign-ins the dashboard recorded (a failed one too); the GET filter form narrows by exact action
// (auth.sign_in is not auth.sign_in_failed) and by actor on the server, and the URL holds the filter; the CSV export
// carries the same filter, dates in the browser's time zone, and is itself recorded in the log.
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { expect, test, type Download, type Page } from "./support/test";
import { E2E_USERS, PASSWORD } from "./support/users";

test.describe.configure({ mode: "serial" });
test.use({ timezoneId: "Asia/Riyadh" });

const admin = E2E_USERS.admin;
const stranger = `nobody-${randomUUID().slice(0, 8)}@e2e.test`;

async function submitSignIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function signIn(page: Page, email: string) {
  await submitSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/overview$/);
}

async function downloadedText(download: Download): Promise<string> {
  const text = fs.readFileSync((await download.path())!, "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true); // UTF-8 byte-order mark for spreadsheets
  return text.slice(1);
}

const rows = (page: Page) => page.locator("tbody tr");
const column = (page: Page, n: number) => rows(page).locator(`td:nth-child(${n})`);

test("the audit log shows the chain verified and the sign-ins, failed ones included", async ({ page }) => {
  // A failed sign-in (unknown account), then the admin's own.
  await submitSignIn(page, stranger, "not-the-password-1");
  await expect(page.locator("#login-error")).toHaveText("Incorrect e-mail or password.");
  await signIn(page, admin.email);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  // A bare link reads its days in the business zone (REPORT_TIME_ZONE), which the page names; the URL stays bare.
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByText(/Asia\/Riyadh/).first()).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Hash chain verified: \d+ entries/ })).toBeVisible();

  const signIns = rows(page).filter({ has: page.locator("td:nth-child(3)", { hasText: /^auth\.sign_in$/ }) });
  await expect(signIns.filter({ hasText: admin.email }).first()).toBeVisible();
  const failed = rows(page).filter({ hasText: "auth.sign_in_failed" }).filter({ hasText: stranger });
  await expect(failed).toHaveCount(1);
  // Each row shows the start of its hash.
  await expect(column(page, 7).first()).toHaveText(/^[0-9a-f]{12}$/);
});

test("the filter form narrows by exact action and by actor, and the URL holds the filter", async ({ page }) => {
  await signIn(page, admin.email);
  await page.goto("/admin/audit");
  await expect(page.getByText(/Dates are days in Asia\/Riyadh/)).toBeVisible();

  await page.getByLabel("Action", { exact: true }).selectOption("auth.sign_in");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/admin\/audit\?action=auth\.sign_in&tz=Asia%2FRiyadh$/);
  await expect(rows(page).first()).toBeVisible();
  expect(new Set(await column(page, 3).allInnerTexts())).toEqual(new Set(["auth.sign_in"]));
  await expect(rows(page).filter({ hasText: stranger })).toHaveCount(0);

  await page.getByLabel("Actor").fill(admin.email);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(
    new RegExp(`/admin/audit\\?actor=${encodeURIComponent(admin.email)}&action=auth\\.sign_in&tz=Asia%2FRiyadh$`),
  );
  // Two sign-ins so far in this spec (one per test), at least. The URL changes when the new document commits; its
  // rows stream in behind loading.tsx and may be revealed after that, so wait for them as a condition first.
  await expect(rows(page).nth(1)).toBeVisible();
  expect(await rows(page).count()).toBeGreaterThanOrEqual(2);
  expect(new Set(await column(page, 2).allInnerTexts())).toEqual(new Set([admin.email]));
});

test("CSV export: the filtered entries with dates in the business time zone, and the export is audited", async ({ page }) => {
  await signIn(page, admin.email);
  await page.goto(`/admin/audit?actor=${encodeURIComponent(admin.email)}&action=auth.sign_in&size=100`);
  await expect(page.getByText(/Dates are days in Asia\/Riyadh/)).toBeVisible();
  const shown = await rows(page).count();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export all matching (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  const lines = (await downloadedText(download)).split("\r\n").filter(Boolean);
  expect(lines[0]).toBe("Time (Asia/Riyadh),Entry,Actor e-mail,Actor ID,Action,Target type,Target ID,IP,Summary,Hash,Previous hash");
  expect(lines.length - 1).toBe(shown);
  for (const line of lines.slice(1)) {
    expect(line).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},\d+,/);
    expect(line).toContain(`,${admin.email},`);
    expect(line).toContain(",auth.sign_in,session,");
    expect(line).toMatch(/,[0-9a-f]{64},[0-9a-f]{64}$/);
  }

  // The export itself is in the log (written when the download finished), with its filter and row count.
  await expect
    .poll(async () => {
      await page.goto("/admin/audit?action=audit.export");
      return rows(page).filter({ hasText: admin.email }).count();
    })
    .toBeGreaterThanOrEqual(1);
  const entry = rows(page).filter({ hasText: admin.email }).first();
  await expect(entry).toContainText(new RegExp(`"rows":\\s*${shown}\\b`));
  await expect(page.getByRole("status").filter({ hasText: /^Hash chain verified: \d+ entries/ })).toBeVisible();
});

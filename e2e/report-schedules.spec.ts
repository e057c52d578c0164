// Scheduled reports driven through the dashboard in Chromium, against the sandbox and its local mail catcher
// A finance user creates a schedule in the "New schedule" dialog; "Send now" runs it through the very
// code of a scheduled run (report as the owner, one outbox mail per recipient with the CSV, the run recorded), and
// the outbox worker delivers it to the catcher. Rules guarded: the mail arrives for every recipient with the daily
// closing attached as CSV whose rows match the seeded payment (the CSV for "today so far" is taken before and after
// a customer pays 12.34 SAR: the SAR sales row grows by exactly one sale of 12.34), a per-currency summary in the
// body and the reporting zone stated; the list shows the schedule in words with the zone, the last run and its
// result; pause, resume and delete (behind a confirmation) work; the page and both dialogs have no axe WCAG 2.2 AA
// violations at 1440 px and 390 px. An address outside the merchant's domains waits for a second person's approval.
import { expect, test, type Page } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { axeViolations } from "./support/axe";
import { waitForMail, type CaughtMailView } from "./support/mailbox";
import { scrollsSideways, shootScreen, WIDTHS } from "./support/screens";
import { customerPays } from "./support/seed-payments";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

const ZONE = "Asia/Riyadh"; // the e2e server's REPORT_TIME_ZONE (the default)

const todayInZone = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

/** The SAR row of `day` in a daily-closing CSV: sales count and amount (0 when the day has no SAR row yet). */
function salesOf(csv: string, day: string): { count: number; amount: number } {
  const lines = csv.split(/\r\n/);
  const header = lines.findIndex((l) => l.startsWith("Day,Currency,"));
  expect(header, "the CSV has its column row after the header block").toBeGreaterThan(0);
  const cols = lines[header]!.split(",");
  const row = lines.slice(header + 1).find((l) => l.startsWith(`${day},SAR,`));
  if (!row) return { count: 0, amount: 0 };
  const cells = row.split(",");
  return { count: Number(cells[cols.indexOf("Sales (count)")]), amount: Number(cells[cols.indexOf("Sales (amount)")]) };
}

async function sendNowSoFar(page: Page, to: string, others: string[]): Promise<CaughtMailView> {
  // The catcher forgets the recipients' earlier mail, so what is found next is this send's.
  for (const r of [to, ...others]) await fetch(`${e2eUrls.sandbox}/__sandbox/mail?to=${encodeURIComponent(r)}`, { method: "DELETE" });
  const row = page.getByTestId("schedule-row");
  await row.getByRole("button", { name: /^Send now/ }).click();
  const dialog = page.getByRole("dialog", { name: "Send now" });
  await dialog.getByLabel(/so far/).check();
  await dialog.getByRole("button", { name: "Send to 2 recipients" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("status")).toHaveText("Sent to 2 recipients.");
  return waitForMail(e2eUrls.sandbox, to, { subject: /so far/, timeoutMs: 20_000 });
}

test("a scheduled report: created in the dialog, sent now, arrives in the mail catcher with the seeded data as CSV", async ({ page }) => {
  test.setTimeout(120_000);
  await signedInAs(page, E2E_USERS.finance);
  await page.goto("/overview");
  const tag = Date.now().toString(36);
  // At the users' own domain (e2e.test): no second person is needed.
  const [lead, cfo] = [`team.lead.${tag}@e2e.test`, `cfo.${tag}@e2e.test`];

  await page.goto("/reports/schedules");
  await expect(page.getByRole("heading", { level: 1, name: "Scheduled reports" })).toBeVisible();
  await expect(page.getByText("No scheduled report")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Reports" })).toHaveAttribute("href", "/reports");

  // The dialog: a bad address is refused in place, then a weekly schedule is made.
  await page.getByRole("button", { name: "New schedule" }).click();
  const dialog = page.getByRole("dialog", { name: "New schedule" });
  await dialog.getByLabel("How often").selectOption("weekly");
  await dialog.getByLabel("Day of the week").selectOption({ label: "Monday" });
  await dialog.getByLabel(/^Time/).fill("07:00");
  await dialog.getByLabel("Recipients").fill(`${lead}, not-an-address`);
  await dialog.getByRole("button", { name: "Create schedule" }).click();
  await expect(dialog.getByText("“not-an-address” is not an e-mail address.")).toBeVisible();
  expect(await axeViolations(page), "axe on the New schedule dialog").toEqual([]);
  await dialog.getByLabel("Recipients").fill(`${lead.toUpperCase()}\n${cfo}`);
  await dialog.getByRole("button", { name: "Create schedule" }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId("schedule-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Daily closing");
  await expect(row).toContainText(`Every Monday at 07:00 (${ZONE})`);
  await expect(row).toContainText(lead); // lower-cased
  await expect(row).toContainText("Not run yet");

  // Before: the CSV of today so far (other specs' payments may be in it).
  const day = todayInZone();
  await row.getByRole("button", { name: /^Send now/ }).click();
  expect(await axeViolations(page), "axe on the Send now confirmation").toEqual([]);
  await page.getByRole("dialog", { name: "Send now" }).getByRole("button", { name: "Cancel" }).click();
  const before = await sendNowSoFar(page, lead, [cfo]);
  const beforeCsv = before.attachments[0]!.text!;

  // A customer pays 12.34 SAR on the merchant's website; the sandbox's notification puts it in the ledger.
  await customerPays(page, { amount: "12.34", auth: false });
  await page.goto("/reports/schedules");
  const mail = await sendNowSoFar(page, lead, [cfo]);

  expect(mail.subject).toMatch(new RegExp(`^Daily closing · \\d{4}-\\d{2}-\\d{2} to ${day} \\(so far, as of \\d{2}:\\d{2}\\)$`));
  expect(mail.attachments).toHaveLength(1);
  const file = mail.attachments[0]!;
  expect(file.filename).toMatch(new RegExp(`^daily-closing_\\d{4}-\\d{2}-\\d{2}_${day}\\.csv$`));
  expect(file.contentType).toBe("text/csv");
  expect(file.text).toContain("Report,Daily closing");
  expect(file.text).toContain(`Time zone,${ZONE}`);
  const [was, now] = [salesOf(beforeCsv, day), salesOf(file.text!, day)];
  expect(now.count - was.count, "exactly the seeded sale was added").toBe(1);
  expect(Math.round((now.amount - was.amount) * 100), "of 12.34 SAR").toBe(1234);
  expect(mail.text).toMatch(/SAR: gross SAR [\d,]+\.\d{2} · refunds SAR [\d,]+\.\d{2} · net SAR [\d,]+\.\d{2}/);
  expect(mail.text).toContain(`(time zone ${ZONE})`);
  expect(mail.text).toContain(`Every Monday at 07:00 (${ZONE})`);
  // The other recipient got the same report.
  const other = await waitForMail(e2eUrls.sandbox, cfo, { subject: /so far/ });
  expect(other.attachments[0]!.filename).toBe(file.filename);

  // The list shows the last run and its result.
  await page.reload();
  await expect(row.getByText("Sent", { exact: true })).toBeVisible();
  await expect(row).toContainText("Sent to 2 recipients.");
  await shootScreen(page, "report-schedules");
  // On a phone each schedule is a card: the page does not scroll sideways.
  await page.setViewportSize(WIDTHS.phone);
  expect(await scrollsSideways(page)).toBe(false);
  await page.setViewportSize(WIDTHS.desktop);

  // Pause, resume, delete (behind a confirmation).
  await row.getByRole("button", { name: /^Pause/ }).click();
  await expect(row.getByText("Paused", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: /^Send now/ })).toHaveCount(0);
  await row.getByRole("button", { name: /^Resume/ }).click();
  await expect(row.getByText("Active", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: /^Delete/ }).click();
  const confirm = page.getByRole("dialog", { name: "Delete schedule" });
  expect(await axeViolations(page), "axe on the delete confirmation").toEqual([]);
  await confirm.getByRole("button", { name: "Delete schedule" }).click();
  await expect(page.getByText("No scheduled report")).toBeVisible();
});

test("threat: business data mailed out unseen: an outside address waits for a second person, who approves it with the addresses in view", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signedInAs(page, E2E_USERS.finance);
  const tag = Date.now().toString(36);
  const [colleague, auditor] = [`colleague.${tag}@e2e.test`, `auditor.${tag}@evil.example`];
  await page.goto("/reports/schedules");
  await page.getByRole("button", { name: "New schedule" }).click();
  const dialog = page.getByRole("dialog", { name: "New schedule" });
  // The dialog says where reports go without approval.
  await expect(dialog).toContainText(/Addresses outside [^.]*\be2e\.test\b.* need a second person's approval before anything is sent\./);
  await dialog.getByLabel("Recipients").fill(`${colleague}, ${auditor}`);
  await dialog.getByRole("button", { name: "Create schedule" }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId("schedule-row");
  await expect(row).toHaveCount(1);
  const approval = row.getByTestId("schedule-approval");
  await expect(approval).toHaveAttribute("data-approval", "pending");
  await expect(approval).toContainText("Awaiting approval");
  await expect(approval).toContainText(`Outside the merchant's domains: ${auditor}`);
  await expect(approval).toContainText("Nothing is sent until someone");
  await shootScreen(page, "report-schedules-awaiting-approval");
  // Nothing can be sent meanwhile, and the API refuses too.
  await expect(row.getByRole("button", { name: /^Send now/ })).toHaveCount(0);
  const scheduleId = (await row.getAttribute("data-schedule-id"))!;
  const refused = await page.request.post(`/api/reports/schedules/${scheduleId}/send-now`, {
    headers: { origin: e2eUrls.app },
    data: { period: "previous" },
  });
  expect(refused.status()).toBe(409);
  // The owner cannot approve their own outside addresses.
  expect((await page.request.post(`/api/reports/schedules/${scheduleId}/approve`, { headers: { origin: e2eUrls.app } })).status()).toBe(
    403,
  );

  // A second person (the super-admin: not linked to the finance user) sees it, with the addresses, and approves.
  const other = await browser.newContext({ locale: "en-GB" });
  const adminPage = await other.newPage();
  try {
    await signedInAs(adminPage, E2E_USERS.admin);
    await adminPage.goto("/reports/schedules");
    const theirs = adminPage.locator(`[data-schedule-id="${scheduleId}"]`);
    await expect(theirs.getByRole("button", { name: /^Approve addresses/ })).toBeVisible();
    await shootScreen(adminPage, "report-schedules-approver");
    await theirs.getByRole("button", { name: /^Approve addresses/ }).click();
    const confirm = adminPage.getByRole("dialog", { name: "Approve outside addresses" });
    await expect(confirm).toContainText(auditor);
    expect(await axeViolations(adminPage), "axe on the approval confirmation").toEqual([]);
    await confirm.getByRole("button", { name: "Approve addresses" }).click();
    await expect(confirm).toBeHidden();
    await expect(theirs.getByTestId("schedule-approval")).toHaveAttribute("data-approval", "approved");
  } finally {
    await other.close();
  }

  // Approved: the owner can send it, and both addresses receive it.
  await page.reload();
  await expect(approval).toContainText("Outside addresses approved");
  await row.getByRole("button", { name: /^Send now/ }).click();
  await page.getByRole("dialog", { name: "Send now" }).getByRole("button", { name: "Send to 2 recipients" }).click();
  await expect(row.getByRole("status")).toHaveText("Sent to 2 recipients.");
  await waitForMail(e2eUrls.sandbox, auditor, { timeoutMs: 20_000 });

  // Deleted, it leaves the page (its row stays for the trail).
  await row.getByRole("button", { name: /^Delete/ }).click();
  await page.getByRole("dialog", { name: "Delete schedule" }).getByRole("button", { name: "Delete schedule" }).click();
  await expect(page.getByText("No scheduled report")).toBeVisible();
});

test("without REPORTS_VIEW the page says so and the API refuses (a read-only user)", async ({ page }) => {
  await signedInAs(page, E2E_USERS.reader);
  await page.goto("/reports/schedules");
  await expect(page.getByText("You do not have access to this area")).toBeVisible();
  expect((await page.request.get("/api/reports/schedules")).status()).toBe(403);
});

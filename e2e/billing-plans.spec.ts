// Billing plans driven through the dashboard in Chromium against the sandbox. A customer pays on the merchant's
// website with recurring_init=Y (the sandbox's notification puts the payment and its recurring token in the
// ledger, as in saved-cards-recurring.spec.ts); a plan is created on the token from the Recurring page; the
// dashboard's own scheduler (PLAN_SCHEDULER_INTERVAL_SECONDS=2, PLAN_RETRY_DELAYS=5s,5s,5s on the e2e server)
// charges it. Rules guarded: a due cycle is charged exactly once and the next date moves on by the interval; a
// declined charge shows under failed charges with its reason and next retry, and is retried per policy until
// approved; pause, resume and cancel go through confirmation dialogs and a cancelled plan offers no action but a
// disabled Edit; a plan of a number of charges shows how many it has made, and its amount is edited in the Edit
// dialog (shown at once and audited with before and after); the plans page (with data) and its dialogs have no axe
// WCAG 2.2 AA violations, in English and Arabic (screens at 1440 and 390 px).
import { expect, test, type Page } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { axeViolations } from "./support/axe";
import { newOrderId } from "../scripts/lib/merchant-server";
import { websiteRecurringSale } from "./support/seed-payments";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";
import { scrollsSideways, shootScreen } from "./support/screens";
import arRecurring from "../messages/ar/recurring.json" with { type: "json" };

interface PlanJson {
  id: string;
  status: string;
  nextChargeDate: string;
  anchorDate: string;
  attempt: number;
  lastCharge: { outcome: string; reason: string | null } | null;
  customer: { email: string | null };
}

/** The recurring token the sandbox issued for the order, as its notification carried it. */
async function recurringTokenOf(orderId: string): Promise<string> {
  const res = await fetch(`${e2eUrls.sandbox}/__sandbox/callbacks`);
  const list = (await res.json()) as Array<{ fields: Record<string, string> }>;
  const token = list.find((d) => d.fields.order_id === orderId && d.fields.recurring_token)?.fields.recurring_token;
  if (!token) throw new Error(`no recurring token in the sandbox's callbacks for ${orderId}`);
  return token;
}

async function subscriber(page: Page, prefix: string) {
  const orderId = newOrderId(prefix);
  const email = `Plan.${orderId}@example.com`;
  await websiteRecurringSale(orderId, email, { saveCard: false });
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/recurring")).json()) as { customers: Array<{ email: string }> }).customers.some(
          (c) => c.email === email,
        ),
      {
        timeout: 20_000,
        message: "the sandbox's notification should put the recurring token in the ledger",
      },
    )
    .toBe(true);
  return { orderId, email };
}

async function createPlanInUi(page: Page, email: string, amount: string, description: string, checkA11y = false) {
  await page.goto("/recurring");
  const customer = page.getByRole("region", { name: email });
  await customer.getByRole("button", { name: "Create plan" }).click();
  const dialog = page.getByRole("dialog", { name: "Create plan" });
  await dialog.getByLabel(/Amount/).fill(amount);
  await expect(dialog.getByLabel("Interval")).toHaveValue("monthly");
  // Today in the business zone (REPORT_TIME_ZONE, Asia/Riyadh by default), whatever the browser's clock says.
  await expect(dialog.getByLabel("First charge date")).toHaveValue(
    new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Riyadh" }).format(new Date()),
  );
  await dialog.getByLabel("Description").fill(description);
  if (checkA11y) expect(await axeViolations(page), "axe violations with the Create plan dialog open").toEqual([]);
  await dialog.getByRole("button", { name: "Create plan" }).click();
  await expect(dialog).toHaveCount(0);
  // The token now shows its plan in place of the button.
  await expect(customer.getByRole("link", { name: /^Plan active · next \d{4}-\d{2}-\d{2}$/ })).toBeVisible();
}

async function planOf(page: Page, email: string): Promise<PlanJson | undefined> {
  const j = (await (await page.request.get("/api/recurring/plans")).json()) as { plans: PlanJson[] };
  return j.plans.find((p) => p.customer.email === email);
}

/** Ledger payments made for a plan: their order ids all start with bp-<plan id without dashes>. */
async function chargesOfPlan(page: Page, planId: string): Promise<number> {
  const j = (await (await page.request.get(`/api/transactions?q=${encodeURIComponent(`bp-${planId.replace(/-/g, "")}`)}`)).json()) as {
    items?: unknown[];
  };
  return j.items?.length ?? 0;
}

// The tests run in order: the second one's declined first attempt and its retry are scheduler passes after the first
// plan's charge, so it checks that those passes did not charge the first plan again.
test.describe.configure({ mode: "serial" });
let firstPlanId = "";

const nextMonth = (date: string) => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d, last))).toISOString().slice(0, 10);
};

test("the scheduler charges a new plan's due cycle exactly once and moves the next date on by a month", async ({ page }) => {
  await signedInAs(page, E2E_USERS.backOffice);
  await page.goto("/overview");
  const { email } = await subscriber(page, "e2e-plan");
  await createPlanInUi(page, email, "15.00", "Gym membership", true);

  await expect
    .poll(async () => (await planOf(page, email))?.lastCharge?.outcome, {
      timeout: 30_000,
      message: "the scheduler should charge the due cycle",
    })
    .toBe("approved");
  const plan = (await planOf(page, email))!;
  expect(plan.nextChargeDate).toBe(nextMonth(plan.anchorDate));
  expect(await chargesOfPlan(page, plan.id)).toBe(1);
  firstPlanId = plan.id;

  await page.goto("/recurring/plans");
  const row = page.locator(`[data-testid="plan-row"][data-plan-id="${plan.id}"]`);
  await expect(row.getByText("Active")).toBeVisible();
  await expect(row.getByTestId("next-charge-date")).toHaveText(plan.nextChargeDate);
  await expect(row.getByText("Approved")).toBeVisible();
  await expect(page.locator(`[data-testid="upcoming-charge"][data-plan-id="${plan.id}"]`)).toContainText(plan.nextChargeDate);

  // Pause and resume, each confirmed in a dialog.
  await row.getByRole("button", { name: /^Pause plan/ }).click();
  let dialog = page.getByRole("dialog", { name: "Pause plan" });
  await dialog.getByLabel("Reason (optional)").fill("Customer on holiday");
  expect(await axeViolations(page), "axe violations on the plans page with the Pause dialog open").toEqual([]);
  await dialog.getByRole("button", { name: "Pause plan" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByText("Paused", { exact: true })).toBeVisible();
  await expect(row.getByText("Customer on holiday")).toBeVisible();
  await row.getByRole("button", { name: /^Resume plan/ }).click();
  dialog = page.getByRole("dialog", { name: "Resume plan" });
  await dialog.getByRole("button", { name: "Resume plan" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByText("Active")).toBeVisible();
  expect(await chargesOfPlan(page, plan.id)).toBe(1);
});

test("a declined charge is listed under failed charges with its reason, retried per policy, then approved", async ({ page }) => {
  await signedInAs(page, E2E_USERS.backOffice);
  await page.goto("/overview");
  const { orderId, email } = await subscriber(page, "e2e-plan-decline");
  const token = await recurringTokenOf(orderId);
  const declined = await fetch(`${e2eUrls.sandbox}/__sandbox/decline-next`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token, count: 1, reason: "Insufficient funds" }),
  });
  expect(declined.ok).toBe(true);
  await createPlanInUi(page, email, "20.00", "Magazine");

  await expect
    .poll(async () => (await planOf(page, email))?.attempt, { timeout: 30_000, message: "the first attempt should be declined" })
    .toBe(1);
  const plan = (await planOf(page, email))!;
  await page.goto("/recurring/plans");
  const failed = page.locator(`[data-testid="failed-charge"][data-plan-id="${plan.id}"]`);
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText("Insufficient funds");
  await expect(failed).toContainText("First try");
  await expect(failed.locator("time")).toHaveCount(2); // when it failed, and when the retry is due
  expect(await axeViolations(page), "axe violations on the plans page with a failed charge").toEqual([]);

  // PLAN_RETRY_DELAYS=5s,…: the retry comes about 5 s later and is approved; the cycle is paid, the date moves on.
  await expect
    .poll(async () => (await planOf(page, email))?.lastCharge?.outcome, { timeout: 30_000, message: "the retry should be approved" })
    .toBe("approved");
  const after = (await planOf(page, email))!;
  expect(after).toMatchObject({ attempt: 0, status: "active", nextChargeDate: nextMonth(plan.anchorDate) });
  expect(await chargesOfPlan(page, plan.id)).toBe(2);
  // Several scheduler passes (every 2 s) have run since the first test's plan was charged: still exactly one charge.
  expect(await chargesOfPlan(page, firstPlanId)).toBe(1);

  // Cancel: final, no action offered afterwards.
  await page.goto("/recurring/plans");
  const row = page.locator(`[data-testid="plan-row"][data-plan-id="${plan.id}"]`);
  await row.getByRole("button", { name: /^Cancel plan/ }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel plan" });
  await expect(dialog.getByText(/cannot be resumed/)).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel plan" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByText("Cancelled", { exact: true })).toBeVisible();
  // Only Edit is left, disabled with its reason.
  await expect(row.getByRole("button")).toHaveCount(1);
  await expect(row.getByRole("button", { name: /^Edit plan/ })).toHaveAttribute("aria-disabled", "true");
});

test("a plan of 2 charges says '0 of 2 charges'; its amount is edited in the Edit dialog, shown and audited; screens in English and Arabic", async ({
  page,
}) => {
  await signedInAs(page, E2E_USERS.backOffice);
  await page.goto("/overview");
  const { email } = await subscriber(page, "e2e-plan-edit");
  // First charge tomorrow (in the business zone), so that no scheduler pass charges it during the test.
  const todayRiyadh = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Riyadh" }).format(new Date());
  const tomorrow = new Date(Date.parse(`${todayRiyadh}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await page.goto("/recurring");
  const customer = page.getByRole("region", { name: email });
  await customer.getByRole("button", { name: "Create plan" }).click();
  const create = page.getByRole("dialog", { name: "Create plan" });
  await create.getByLabel(/Amount/).fill("15.00");
  await create.getByLabel("First charge date").fill(tomorrow);
  await create.getByLabel("Description").fill("Language course");
  await expect(create.getByLabel("Ends")).toHaveValue("none");
  await create.getByLabel("Ends").selectOption("cycles");
  await create.getByLabel("Number of charges").fill("2");
  await create.getByRole("button", { name: "Create plan" }).click();
  await expect(create).toHaveCount(0);
  const plan = (await planOf(page, email))!;

  await page.goto("/recurring/plans");
  const row = page.locator(`[data-testid="plan-row"][data-plan-id="${plan.id}"]`);
  await expect(row.getByTestId("plan-end")).toHaveText("0 of 2 charges");
  await expect(row.getByTestId("next-charge-date")).toHaveText(tomorrow);
  await shootScreen(page, "billing-plans-end");
  // On a phone the tables scroll inside their own regions; the page itself never scrolls sideways (a visually hidden
  // column label once made it 870 px wide).
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await scrollsSideways(page)).toBe(false);
  await page.setViewportSize({ width: 1440, height: 900 });

  await row.getByRole("button", { name: /^Edit plan/ }).click();
  const dialog = page.getByRole("dialog", { name: "Edit plan" });
  await expect(dialog.getByLabel(/Amount/)).toHaveValue("15.00");
  await expect(dialog.getByLabel("Next charge date")).toHaveValue(tomorrow);
  await expect(dialog.getByLabel("Ends")).toHaveValue("cycles");
  await expect(dialog.getByLabel("Number of charges")).toHaveValue("2");
  await expect(dialog.getByText("No charge made yet.", { exact: false })).toBeVisible();
  await dialog.getByLabel(/Amount/).fill("42.50");
  await shootScreen(page, "billing-plans-edit-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText("42.50");
  await expect(row.getByTestId("plan-end")).toHaveText("0 of 2 charges");

  // The audit log has the edit, the plan before and after.
  await signedInAs(page, E2E_USERS.admin);
  await page.goto(`/admin/audit?action=billing_plan.edit&targetId=${plan.id}`);
  const entry = page.getByRole("main").getByRole("row").filter({ hasText: "billing_plan.edit" });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(E2E_USERS.backOffice.email);
  await expect(entry).toContainText("Billing plan edited: amount SAR 15.00 → SAR 42.50");

  // In Arabic: the page and the dialog, right to left.
  await signedInAs(page, E2E_USERS.backOffice);
  await page.context().addCookies([{ name: "ui-prefs", value: "ar.latn.0", url: new URL("/", page.url()).href }]);
  await page.goto("/recurring/plans");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  // "0 of 2 charges", Arabic dual after من.
  await expect(row.getByTestId("plan-end")).toHaveText("0 من عمليتي خصم");
  await shootScreen(page, "billing-plans-end-ar");
  await row.getByRole("button", { name: new RegExp(`^${arRecurring.editPlan.title}`) }).click();
  const arDialog = page.getByRole("dialog", { name: arRecurring.editPlan.title });
  await expect(arDialog.getByLabel(arRecurring.planEnd.cyclesField)).toHaveValue("2");
  await shootScreen(page, "billing-plans-edit-dialog-ar", { fullPage: false });
  await arDialog.getByRole("button", { name: arRecurring.dialog.cancel }).click();
  await expect(arDialog).toHaveCount(0);
});

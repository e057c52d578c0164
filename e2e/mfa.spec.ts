// Threats guarded: a stolen password used alone (PCI DSS 4.0.1 8.4.2), a stale session used for a sensitive action,
// and a lost phone that locks a user out for good. On the third e2e dashboard (MFA_REQUIRED=all, step-up after 6 s):
// enrolment at first sign-in (QR code + key, confirm code, recovery codes shown once), nothing reachable between the
// password and the second factor, sign-in with TOTP, with a recovery code, and with a passkey through Chromium's
// virtual authenticator, the step-up dialog on changing a user's roles, and a super-admin resetting a user's
// factors (their session ends; they enrol again, with the link mailed to them only). Each new page and dialog is
// checked with axe.
import { expect, hydrated, test, type Browser, type BrowserContext, type Page } from "./support/test";
import { generate } from "otplib";
import { e2eUrls } from "../playwright.config";
import { axeViolations } from "./support/axe";
import { waitForMail } from "./support/mailbox";
import { E2E_USERS, PASSWORD } from "./support/users";

test.describe.configure({ mode: "serial", timeout: 150_000 });
test.use({ baseURL: e2eUrls.mfaApp });

const admin = E2E_USERS.admin;
const reader = E2E_USERS.reader;
let adminSecret = "";
let adminCodes: string[] = [];
/** The last time step used per secret (the server accepts each step once per user). */
const lastStep = new Map<string, number>();
const stepNow = (at = Date.now()) => Math.floor(at / 30_000);

/**
 * A TOTP code the server accepts and has not seen. The server allows one step of clock drift each way (±30 s) and
 * each step once per user, so three codes are good at any time; a fourth one waits until the window moves on.
 */
async function nextTotp(secret: string): Promise<string> {
  // The code must still be inside the window a few seconds from now, when the server checks it.
  const earliest = stepNow(Date.now() + 5_000) - 1;
  const step = Math.max((lastStep.get(secret) ?? -Infinity) + 1, earliest);
  await expect
    .poll(() => stepNow() + 1, { timeout: 35_000, message: `the server's window should reach time step ${step}` })
    .toBeGreaterThanOrEqual(step);
  lastStep.set(secret, step);
  return generate({ secret, epoch: step * 30 });
}

/** A valid user id (UUID v4) that no user has. */
const NO_SUCH_USER = "00000000-0000-4000-8000-000000000000";

/**
 * Waits until the server asks this session for a fresh factor (STEP_UP_MINUTES=0.1 on this server). The probe is a
 * change of roles of a user who does not exist: it is refused with step_up_required while the factor is stale, and
 * with not_found while it is fresh; it changes nothing either way.
 */
async function untilStepUpIsNeeded(page: Page) {
  await expect
    .poll(
      async () => {
        const res = await page.request.put(`/api/admin/users/${NO_SUCH_USER}/roles`, {
          headers: { origin: e2eUrls.mfaApp },
          data: { roleIds: [] },
        });
        return ((await res.json()) as { error?: { code?: string } }).error?.code;
      },
      { timeout: 20_000, intervals: [500], message: "the factor presented at sign-in should go stale after 6 s" },
    )
    .toBe("step_up_required");
}

async function noViolations(page: Page, where: string) {
  expect.soft(await axeViolations(page), `axe violations on ${where}`).toEqual([]);
}

async function passwordStep(page: Page, user: { email: string }) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: e2eUrls.mfaApp });
  return { context, page: await context.newPage() };
}

/** Enrols the signed-in (password step) user: returns the secret and the recovery codes. */
async function enrol(page: Page, check = false): Promise<{ secret: string; codes: string[] }> {
  await expect(page).toHaveURL(/\/login\/enrol(\?token=[\w-]+)?$/);
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  if (check) await noViolations(page, "/login/enrol");
  await page.getByLabel("Code from the app").fill("000000");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "not right" })).toBeVisible();
  await page.getByLabel("Code from the app").fill(await nextTotp(secret));
  await page.getByRole("button", { name: "Confirm" }).click();
  const list = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(list).toHaveCount(10);
  const codes = await list.allInnerTexts();
  if (check) {
    await noViolations(page, "the recovery codes");
    // On a phone each code stays on one line (one per row rather than broken inside a code).
    const before = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    const lines = await list.evaluateAll((items) =>
      items.map((li) => Math.round(li.getBoundingClientRect().height / parseFloat(getComputedStyle(li).lineHeight))),
    );
    expect(lines).toEqual(Array(10).fill(1));
    if (before) await page.setViewportSize(before);
  }
  await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
  await page.getByLabel("I have saved them").check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  return { secret, codes };
}

/** The second step of sign-in with a recovery code, for the tests that are not about TOTP (no TOTP step spent). */
async function verifyWithRecoveryCode(page: Page) {
  await expect(page).toHaveURL(/\/login\/verify$/);
  await hydrated(page); // the switch to a recovery code is client state: a click before hydration is lost
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await page.getByLabel("Recovery code").fill(adminCodes.pop()!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText(/^You have \d+ recovery codes left\.$/)).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/overview$/);
}

/** The step-up dialog: answered with a recovery code (no TOTP step to wait for). */
async function stepUpWithRecoveryCode(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Use a recovery code instead" }).click();
  await dialog.getByLabel("Recovery code").fill(adminCodes.pop()!);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
}

test("first sign-in enrols an authenticator app; until then no page and no API call works", async ({ page }) => {
  await passwordStep(page, admin);
  await expect(page).toHaveURL(/\/login\/enrol$/);
  await page.goto("/transactions");
  await expect(page).toHaveURL(/\/login\/enrol$/);
  const api = await page.request.get("/api/transactions");
  expect(api.status()).toBe(401);
  expect(((await api.json()) as { error: { code: string } }).error.code).toBe("second_factor_required");
  const enrolled = await enrol(page, true);
  adminSecret = enrolled.secret;
  adminCodes = enrolled.codes;
  expect((await page.request.get("/api/transactions")).status()).toBe(200);
});

test("sign-in with a TOTP code; a wrong code is refused", async ({ browser }) => {
  const { context, page } = await newPage(browser);
  await passwordStep(page, admin);
  await expect(page).toHaveURL(/\/login\/verify$/);
  await noViolations(page, "/login/verify");
  await page.screenshot({ path: test.info().outputPath("verify.png") });
  await page.goto("/overview");
  await expect(page).toHaveURL(/\/login\/verify$/);
  await page.getByLabel("Code from your authenticator app").fill("123456");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "not right" })).toBeVisible();
  await page.getByLabel("Code from your authenticator app").fill(await nextTotp(adminSecret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await context.close();
});

test("sign-in with a recovery code, which then says how many are left", async ({ browser }) => {
  const { context, page } = await newPage(browser);
  await passwordStep(page, admin);
  await expect(page).toHaveURL(/\/login\/verify$/);
  await hydrated(page);
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await page.getByLabel("Recovery code").fill(adminCodes.shift()!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("You have 9 recovery codes left.")).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await context.close();
});

test("changing a user's roles with a stale factor asks for a fresh one (step-up dialog), then saves", async ({ browser }) => {
  const { context, page } = await newPage(browser);
  await passwordStep(page, admin);
  await verifyWithRecoveryCode(page);
  await page.goto("/admin/users");
  await untilStepUpIsNeeded(page);
  await page.getByRole("button", { name: `Change roles of ${E2E_USERS.toPromote.name}` }).click();
  const roles = page.getByRole("dialog", { name: `Roles of ${E2E_USERS.toPromote.name}` });
  await roles.getByLabel("finance", { exact: true }).check();
  await roles.getByRole("button", { name: "Save roles" }).click();
  const stepUp = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(stepUp).toBeVisible();
  await noViolations(page, "the step-up dialog");
  await page.screenshot({ path: test.info().outputPath("step-up.png") });
  await stepUp.getByLabel("Code from your authenticator app").fill(await nextTotp(adminSecret));
  await stepUp.getByRole("button", { name: "Confirm" }).click();
  await expect(stepUp).toBeHidden();
  await expect(roles).toBeHidden(); // the request was retried and saved
  await context.close();
});

test("a passkey added on the Account page (virtual authenticator) signs in instead of a code", async ({ browser }) => {
  const { context, page } = await newPage(browser);
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  await passwordStep(page, admin);
  await verifyWithRecoveryCode(page);
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
  await noViolations(page, "/account with factors");
  await untilStepUpIsNeeded(page);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  const add = page.getByRole("dialog", { name: "Add a passkey" });
  await noViolations(page, "the add-passkey dialog");
  await add.getByLabel("Name").fill("Test key");
  await add.getByRole("button", { name: "Continue" }).click();
  await stepUpWithRecoveryCode(page);
  await expect(add).toBeHidden();
  await expect(page.getByText("Passkey: Test key")).toBeVisible();
  await page.getByRole("heading", { name: "Two-step verification" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("account.png") });
  // The remove and regenerate dialogs, opened and checked (then cancelled / done).
  await page.getByRole("button", { name: "Remove the passkey Test key" }).click();
  await noViolations(page, "the remove-factor dialog");
  await page.getByRole("dialog", { name: "Remove the passkey Test key?" }).getByRole("button", { name: "Cancel" }).click();
  // Sign out, then in again with the password and the passkey.
  await context.clearCookies();
  await passwordStep(page, admin);
  await expect(page).toHaveURL(/\/login\/verify$/);
  await hydrated(page);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await context.close();
});

test("a super-admin resets a user's factors: the user's session ends and they enrol again with the mailed link only", async ({
  browser,
}) => {
  const before = new Date(Date.now() - 1_000);
  const user = await newPage(browser);
  await passwordStep(user.page, reader);
  await enrol(user.page);

  const boss = await newPage(browser);
  await passwordStep(boss.page, admin);
  await verifyWithRecoveryCode(boss.page);
  await boss.page.goto("/admin/users");
  await untilStepUpIsNeeded(boss.page);
  await boss.page.getByRole("button", { name: `Reset 2FA for ${reader.name}` }).click();
  const dialog = boss.page.getByRole("dialog", { name: `Reset two-step verification of ${reader.name}?` });
  await noViolations(boss.page, "the reset-factors dialog");
  await dialog.getByRole("button", { name: "Reset" }).click();
  await stepUpWithRecoveryCode(boss.page);
  await expect(dialog.getByText("has been signed out and told by e-mail")).toBeVisible();
  await boss.context.close();

  await user.page.goto("/overview");
  await expect(user.page).toHaveURL(/\/login/);
  await passwordStep(user.page, reader);
  await expect(user.page).toHaveURL(/\/login\/enrol$/);
  // The password alone: no QR code, but where to go instead.
  await expect(user.page.getByText("open the link in the e-mail we sent you")).toBeVisible();
  await expect(user.page.getByTestId("totp-secret")).toHaveCount(0);
  await noViolations(user.page, "/login/enrol without the link");
  const mail = await waitForMail(e2eUrls.mfaSandbox, reader.email, { subject: /Your second factor was reset/, after: before });
  const link = mail.links.find((l) => l.includes("/login/enrol?token="))!;
  expect(link.startsWith(`${e2eUrls.mfaApp}/login/enrol?token=`)).toBe(true);
  await user.page.goto(link);
  await enrol(user.page);
  await user.context.close();
});

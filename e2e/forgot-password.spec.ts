// "Forgot your password?" end to end, with the mail read from the sandbox's local mail catcher. Rules and threats
// guarded: a person who forgot their password gets a one-time link by e-mail and can choose a new one and sign in
// with it (the old one stops working); account enumeration (an unknown address gets the identical answer); the
// catcher's web inbox lists the mail and its message page makes the link clickable (how a person trying the
// dashboard opens it); the new page and its states pass axe.
import { expect, test, type Page } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { axeViolations } from "./support/axe";
import { waitForMail } from "./support/mailbox";
import { E2E_USERS, PASSWORD } from "./support/users";

const NEW_PASSWORD = "found-it-again-2026";

async function expectNoViolations(page: Page, where: string) {
  await expect(page).toHaveTitle(/\S/);
  expect.soft(await axeViolations(page), `axe violations on ${where}`).toEqual([]);
}

/** Submits the forgot-password form and returns the route's status and body and the answer shown. */
async function askForReset(page: Page, email: string) {
  await page.goto("/forgot-password");
  await page.getByLabel("E-mail").fill(email);
  const responded = page.waitForResponse((r) => r.url().endsWith("/api/session/password-reset"));
  await page.getByRole("button", { name: "Send me a link" }).click();
  const res = await responded;
  const shown = (await page.getByRole("status").filter({ hasText: "If an account exists" }).textContent())!.trim();
  return { status: res.status(), body: await res.text(), shown };
}

test("forgot password: the link arrives by e-mail, sets a new password once, and the new password signs in", async ({ page, browser }) => {
  const user = E2E_USERS.forgetful;
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByText("Enter your e-mail.")).toBeVisible();
  await expectNoViolations(page, "/forgot-password with a field error");

  const before = new Date(Date.now() - 1_000);
  const known = await askForReset(page, user.email);
  expect(known.status).toBe(200);
  await expectNoViolations(page, "/forgot-password answered");
  const unknown = await askForReset(page, `nobody.${Date.now().toString(36)}@e2e.test`);
  expect(unknown).toEqual(known); // same status, same body, same words on the page

  const mail = await waitForMail(e2eUrls.sandbox, user.email, { subject: /Reset your merchant dashboard password/, after: before });
  const link = mail.links.find((l) => l.includes("/set-password?token="))!;
  expect(link.startsWith(`${e2eUrls.app}/set-password?token=`)).toBe(true);
  expect(mail.text).toContain(`Hello ${user.name}`);

  const theirs = await browser.newContext({ baseURL: e2eUrls.app });
  const person = await theirs.newPage();
  await person.goto(link);
  await person.getByLabel("New password").fill(NEW_PASSWORD);
  await person.getByLabel("Repeat the password").fill(NEW_PASSWORD);
  await person.getByRole("button", { name: "Set password" }).click();
  await expect(person.getByText(`Your password is set. Sign in as ${user.email}.`)).toBeVisible();

  // The old password no longer signs in; the new one does.
  await person.goto("/login");
  await person.getByLabel("E-mail").fill(user.email);
  await person.getByLabel("Password").fill(PASSWORD);
  await person.getByRole("button", { name: "Sign in" }).click();
  await expect(person.getByRole("alert").filter({ hasText: "Incorrect e-mail or password." })).toBeVisible();
  await expect(person).toHaveURL(/\/login/);
  await person.getByLabel("Password").fill(NEW_PASSWORD);
  await person.getByRole("button", { name: "Sign in" }).click();
  await expect(person).toHaveURL(/\/overview$/);

  // The link worked once: opened again, the page says so at once (#13), with no form to fill.
  await person.goto(link);
  await expect(person.getByRole("alert").filter({ hasText: "This link has already been used" })).toContainText("Forgot your password?");
  await expect(person.getByLabel("New password")).toHaveCount(0);
  await theirs.close();
});

test("the sandbox's mail inbox lists the mail, and its message page opens the link", async ({ page }) => {
  const user = E2E_USERS.forgetful;
  const before = new Date(Date.now() - 1_000);
  await askForReset(page, user.email);
  const mail = await waitForMail(e2eUrls.sandbox, user.email, { subject: /Reset your/, after: before });
  const link = mail.links.find((l) => l.includes("/set-password?token="))!;

  await page.goto(`${e2eUrls.sandbox}/mail`);
  await expect(page.getByRole("heading", { name: "Mail inbox" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: user.email }).first();
  await expect(row).toContainText("Reset your merchant dashboard password");
  await expectNoViolations(page, "the sandbox's mail inbox");
  await row.getByRole("link", { name: "Reset your merchant dashboard password" }).click();
  await expect(page.getByRole("heading", { name: "Reset your merchant dashboard password" })).toBeVisible();
  await expectNoViolations(page, "a mail in the sandbox's inbox");
  await page.getByRole("link", { name: link }).click();
  await expect(page).toHaveURL(link);
  await expect(page.getByRole("heading", { name: "Choose your password" })).toBeVisible();
});

// User administration in Chromium. Rules guarded: a disabled user is signed out on their next request (pages and
// API alike); a role change applies on the user's next request (they gain, then lose, the refund action's area);
// an admin cannot disable their own account.
import { expect, test } from "@playwright/test";
import { e2eUrls } from "../playwright.config";
import { signInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

test("a disabled user is signed out on their next request", async ({ page, browser }) => {
  const userContext = await browser.newContext({ baseURL: e2eUrls.app });
  const user = await userContext.newPage();
  await signInAs(user, E2E_USERS.toDisable);

  await signInAs(page, E2E_USERS.admin);
  await page.goto("/admin/users");
  await page.getByRole("button", { name: `Disable ${E2E_USERS.toDisable.name}` }).click();
  await expect(page.getByRole("row").filter({ hasText: E2E_USERS.toDisable.email })).toContainText("Disabled");

  await user.goto("/overview");
  await expect(user).toHaveURL(/\/login\?ended=disabled$/);
  const api = await user.request.get("/api/transactions");
  expect(api.status()).toBe(401);
  await userContext.close();
});

test("a role change applies on the user's next request: the Refunds area appears, then goes", async ({ page, browser }) => {
  const userContext = await browser.newContext({ baseURL: e2eUrls.app });
  const user = await userContext.newPage();
  await signInAs(user, E2E_USERS.toPromote);
  const nav = user.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Refunds" })).toHaveCount(0);

  await signInAs(page, E2E_USERS.admin);
  await page.goto("/admin/users");
  const setRoles = async (check: boolean) => {
    await page.getByRole("button", { name: `Change roles of ${E2E_USERS.toPromote.name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Roles of ${E2E_USERS.toPromote.name}` });
    await dialog.getByLabel("finance").setChecked(check);
    await dialog.getByRole("button", { name: "Save roles" }).click();
    await expect(dialog).toHaveCount(0);
  };
  await setRoles(true);
  await user.reload();
  await expect(nav.getByRole("link", { name: "Refunds" })).toBeVisible();
  await setRoles(false);
  await user.reload();
  await expect(nav.getByRole("link", { name: "Refunds" })).toHaveCount(0);
  await userContext.close();
});

test("an admin cannot disable their own account", async ({ page }) => {
  await signInAs(page, E2E_USERS.admin);
  await page.goto("/admin/users");
  const own = page.getByRole("button", { name: `Disable ${E2E_USERS.admin.name}` });
  await expect(own).toHaveAttribute("aria-disabled", "true");
  await own.focus();
  await expect(page.getByText("You cannot disable your own account.")).toBeVisible();
});

test("an admin creates a user; the person opens the one-time link in their own browser, sets a password and signs in", async ({ page, browser }) => {
  await signInAs(page, E2E_USERS.admin);
  await page.goto("/admin/users");
  await page.getByRole("button", { name: "New user" }).click();
  const dialog = page.getByRole("dialog", { name: "New user" });
  const email = `new.${Date.now().toString(36)}@e2e.test`;
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Name").fill("Nadia New");
  await dialog.getByLabel("Phone").fill("+966501112233");
  await dialog.getByLabel("finance").check();
  await dialog.getByRole("button", { name: "Create user" }).click();
  const created = page.getByRole("dialog", { name: "User created" });
  const link = (await created.getByTestId("set-password-link").textContent())!.trim();
  expect(link).toMatch(/\/set-password\?token=/);
  await created.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("finance");

  const theirs = await browser.newContext({ baseURL: e2eUrls.app });
  const person = await theirs.newPage();
  await person.goto(link);
  await person.getByLabel("New password").fill("nadia chooses this one 7");
  await person.getByLabel("Repeat the password").fill("nadia chooses this one 7");
  await person.getByRole("button", { name: "Set password" }).click();
  await expect(person.getByText(`Your password is set. Sign in as ${email}.`)).toBeVisible();
  await person.goto("/login");
  await person.getByLabel("E-mail").fill(email);
  await person.getByLabel("Password").fill("nadia chooses this one 7");
  await person.getByRole("button", { name: "Sign in" }).click();
  await expect(person).toHaveURL(/\/overview$/);
  // The link worked once.
  await person.goto(link);
  await person.getByLabel("New password").fill("another password here 8");
  await person.getByLabel("Repeat the password").fill("another password here 8");
  await person.getByRole("button", { name: "Set password" }).click();
  await expect(person.getByRole("alert").filter({ hasText: "This link is not valid any more" })).toBeVisible();
  await theirs.close();
});

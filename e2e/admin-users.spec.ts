// User administration in Chromium. Rules guarded: a disabled user is signed out on their next request (pages and
// API alike); a role change applies on the user's next request (they gain, then lose, the refund action's area);
// an admin has no controls on their own row (nobody changes their own roles or status); a new user's set-password
// link reaches only the new user, by e-mail (the admin's screen never shows it); re-sending the invitation voids
// the earlier link.
import { expect, test } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { waitForMail } from "./support/mailbox";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

test("a disabled user is signed out on their next request", async ({ page, browser }) => {
  const userContext = await browser.newContext({ baseURL: e2eUrls.app });
  const user = await userContext.newPage();
  await signedInAs(user, E2E_USERS.toDisable);
  await user.goto("/overview");

  await signedInAs(page, E2E_USERS.admin);
  await page.goto("/admin/users");
  await page.getByRole("button", { name: `Disable ${E2E_USERS.toDisable.name}` }).click();
  // #13: disabling asks first, saying what it does.
  const confirm = page.getByRole("dialog", { name: `Disable ${E2E_USERS.toDisable.name}?` });
  await expect(confirm).toContainText("signed out everywhere");
  await confirm.getByRole("button", { name: "Disable user" }).click();
  await expect(confirm).toHaveCount(0);
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
  await signedInAs(user, E2E_USERS.toPromote);
  await user.goto("/overview");
  const nav = user.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Refunds" })).toHaveCount(0);

  await signedInAs(page, E2E_USERS.admin);
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

test("an admin has no controls on their own row: nobody changes their own roles or status", async ({ page }) => {
  await signedInAs(page, E2E_USERS.admin);
  await page.goto("/admin/users");
  const own = page.getByRole("row").filter({ hasText: E2E_USERS.admin.email });
  await expect(own).toContainText("This is you");
  await expect(own.getByRole("button")).toHaveCount(0);
});

/** The set-password link of the newest invitation mailed to the address. */
async function invitationLink(email: string): Promise<string> {
  const mail = await waitForMail(e2eUrls.sandbox, email, { subject: /invited/i });
  const link = mail.links.find((l) => l.includes("/set-password?token="));
  expect(link, mail.text).toBeTruthy();
  return link!;
}

test("an admin creates a user; the link goes by e-mail to the person, who sets a password and signs in", async ({ page, browser }) => {
  await signedInAs(page, E2E_USERS.admin);
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
  await expect(created.getByTestId("invitation-sent")).toContainText(`Invitation sent to ${email}; the link works until`);
  await expect(created).not.toContainText("token=");
  const link = await invitationLink(email);
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
  // The link worked once: opened again, the page says so at once (#13), before anything is typed.
  await person.goto(link);
  await expect(person.getByRole("alert").filter({ hasText: "This link has already been used" })).toBeVisible();
  await expect(person.getByLabel("New password")).toHaveCount(0);
  await theirs.close();
});

test("re-sending an invitation mails a new link and voids the earlier one", async ({ page, browser }) => {
  await signedInAs(page, E2E_USERS.admin);
  await page.goto("/overview");
  const email = `again.${Date.now().toString(36)}@e2e.test`;
  const res = await page.request.post("/api/admin/users", {
    headers: { origin: e2eUrls.app },
    data: { email, name: "Rana Resent", phoneNumber: "+966501112244", userType: "USER", roleNames: ["read-only"] },
  });
  expect(res.ok(), await res.text()).toBe(true);
  expect(await res.text()).not.toContain("token=");
  const first = await invitationLink(email);
  await page.goto("/admin/users");
  await page.getByRole("button", { name: "Re-send invitation to Rana Resent" }).click();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText(`Invitation sent to ${email}`);
  // The newest invitation mailed to the person carries a new link.
  let second = first;
  await expect.poll(async () => (second = await invitationLink(email)), { timeout: 15_000 }).not.toBe(first);

  const theirs = await browser.newContext({ baseURL: e2eUrls.app });
  const person = await theirs.newPage();
  // The voided link says so when it opens (#13): a newer link replaced it.
  await person.goto(first);
  await expect(person.getByRole("alert").filter({ hasText: "A newer link replaced this one" })).toBeVisible();
  await expect(person.getByLabel("New password")).toHaveCount(0);
  await person.goto(second);
  await person.getByLabel("New password").fill("rana chooses this one 1");
  await person.getByLabel("Repeat the password").fill("rana chooses this one 1");
  await person.getByRole("button", { name: "Set password" }).click();
  await expect(person.getByText(`Your password is set. Sign in as ${email}.`)).toBeVisible();
  await theirs.close();
});

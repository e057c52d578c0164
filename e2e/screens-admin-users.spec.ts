// #13 Users screens. Rules guarded: disabling a user asks first, stating the consequence (signed out everywhere,
// no sign-in until enabled), and "Keep as is" changes nothing; the Users table is usable at 390 px (cards, no
// sideways scroll); the set-password page checks its link when it opens and says at once when it is unknown,
// incomplete or already used, with what to do, and offers no password field then. Screenshots at 1440 and 390 px.
import { expect, test, type Page } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { axeViolations } from "./support/axe";
import { waitForMail } from "./support/mailbox";
import { scrollsSideways, shootScreen, WIDTHS } from "./support/screens";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

async function newUser(page: Page, name: string): Promise<string> {
  const email = `${name.split(" ")[0]!.toLowerCase()}.${Date.now().toString(36)}@e2e.test`;
  const res = await page.request.post("/api/admin/users", {
    headers: { origin: e2eUrls.app },
    data: { email, name, phoneNumber: "+966501112255", userType: "USER", roleNames: ["read-only"] },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return email;
}

test("disabling a user asks first and says what it does; Keep as is changes nothing", async ({ page }) => {
  await signedInAs(page, E2E_USERS.admin);
  await page.goto("/overview");
  const email = await newUser(page, "Hala Hesitant");
  await page.goto("/admin/users");
  const row = page.getByRole("row").filter({ hasText: email });
  await row.getByRole("button", { name: "Disable Hala Hesitant" }).click();
  const dialog = page.getByRole("dialog", { name: "Disable Hala Hesitant?" });
  await expect(dialog).toContainText(email);
  await expect(dialog).toContainText("signed out everywhere at once and cannot sign in until an administrator enables them again");
  expect(await axeViolations(page), "axe on the disable confirmation").toEqual([]);
  await shootScreen(page, "admin-users-disable-confirm", { fullPage: false });
  await dialog.getByRole("button", { name: "Keep as is" }).click();
  await expect(dialog).toHaveCount(0);
  // Invited and never signed in: "Invitation pending", not "Active", with the re-send beside it.
  await expect(row).toContainText("Invitation pending");
  await expect(row.getByRole("button", { name: "Re-send invitation to Hala Hesitant" })).toBeVisible();

  await row.getByRole("button", { name: "Disable Hala Hesitant" }).click();
  await dialog.getByRole("button", { name: "Disable user" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText("Disabled");
  // Enabling is not disruptive: no question.
  await row.getByRole("button", { name: "Enable Hala Hesitant" }).click();
  await expect(row).toContainText("Invitation pending");
});

test("the Users table is usable at 390 px: no sideways scroll, each user a card with its actions", async ({ page }) => {
  await signedInAs(page, E2E_USERS.admin);
  await page.goto("/overview");
  await page.setViewportSize(WIDTHS.phone);
  await page.goto("/admin/users");
  expect(await scrollsSideways(page)).toBe(false);
  const region = page.getByRole("region", { name: "Dashboard users" });
  expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  // Each card shows its actions whole at this width (scrolled to, not cut off at the side).
  const disable = page
    .getByRole("row")
    .filter({ hasText: E2E_USERS.reader.email })
    .getByRole("button", { name: `Disable ${E2E_USERS.reader.name}` });
  await disable.scrollIntoViewIfNeeded();
  await expect(disable).toBeInViewport({ ratio: 1 });
  // From the top (a row scrolled under the sticky top bar counts as an obscured target for axe).
  await page.setViewportSize(WIDTHS.desktop);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shootScreen(page, "admin-users");
});

test("set-password: an unknown, incomplete or used link is said when the page opens, with what to do", async ({ page, browser }) => {
  const visitor = await browser.newContext({ baseURL: e2eUrls.app });
  const person = await visitor.newPage();
  await person.goto("/set-password?token=not-a-real-link-0123456789");
  // (Next's route announcer is also role=alert: the message is the one with text.)
  const problem = person.getByRole("alert").filter({ hasText: "This link" });
  await expect(problem).toContainText("This link is not valid");
  await expect(problem).toContainText("ask your administrator for a new invitation");
  await expect(person.getByLabel("New password")).toHaveCount(0);
  await person.goto("/set-password");
  await expect(problem).toContainText("This link is incomplete");

  // A real invitation: the page names the account; once used, opening it again says so at once.
  await signedInAs(page, E2E_USERS.admin);
  await page.goto("/overview");
  const email = await newUser(page, "Umar Used");
  const mail = await waitForMail(e2eUrls.sandbox, email, { subject: /invited/i });
  const link = mail.links.find((l) => l.includes("/set-password?token="))!;
  await person.goto(link);
  await expect(person.getByText(`For ${email}.`)).toBeVisible();
  await shootScreen(person, "set-password");
  await person.getByLabel("New password").fill("umar chooses this one 4");
  await person.getByLabel("Repeat the password").fill("umar chooses this one 4");
  await person.getByRole("button", { name: "Set password" }).click();
  await expect(person.getByText(`Your password is set. Sign in as ${email}.`)).toBeVisible();
  await person.goto(link);
  const used = person.getByRole("alert").filter({ hasText: "This link" });
  await expect(used).toContainText("This link has already been used");
  await expect(used.getByRole("link", { name: "Forgot your password?" })).toBeVisible();
  await expect(person.getByLabel("New password")).toHaveCount(0);
  await shootScreen(person, "set-password-used");
  await visitor.close();
});

// Rules guarded: "Where you're signed in" lists each live session of the user with its browser and IP, this browser
// marked; "Sign out other sessions" ends the other browser's session (its next page is the sign-in page) and keeps
// this one; a super-admin opens the user's page from the users table and sees the sessions and the sign-in history
// (successes and failures), and can end the user's sessions. Threat guarded: a client-supplied X-Forwarded-For does
// not become the IP shown and audited (TRUSTED_PROXY_HOPS=0: the socket's peer address).
import { expect, test } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { signedInAs, signInThroughForm } from "./support/sign-in";
import { E2E_USERS, PASSWORD } from "./support/users";

const USER = E2E_USERS.sessions;

test("sign out other sessions ends the other browser's session; the admin sees the user's sessions and history", async ({ browser }) => {
  // A failed sign-in first, for the history.
  const failing = await browser.newContext({ baseURL: e2eUrls.app });
  const fp = await failing.newPage();
  await fp.goto("/login");
  await fp.getByLabel("E-mail").fill(USER.email);
  await fp.getByLabel("Password").fill("not-the-password-1");
  await fp.getByRole("button", { name: "Sign in" }).click();
  await expect(fp.locator("#login-error")).toHaveText("Incorrect e-mail or password.");
  await failing.close();

  // The other browser claims to be 6.6.6.6: the dashboard must record the real peer instead.
  const other = await browser.newContext({ baseURL: e2eUrls.app, extraHTTPHeaders: { "X-Forwarded-For": "6.6.6.6" } });
  const otherPage = await other.newPage();
  await signInThroughForm(otherPage, USER);

  const mine = await browser.newContext({ baseURL: e2eUrls.app });
  const page = await mine.newPage();
  await signInThroughForm(page, USER);
  await page.goto("/account");
  const section = page.getByRole("region", { name: "Where you're signed in", exact: true });
  const rows = section.getByRole("row");
  await expect(rows).toHaveCount(3); // header + two sessions
  await expect(rows.nth(1)).toContainText("This browser");
  await expect(rows.nth(1)).toContainText("Chrome on Linux");
  await expect(section).not.toContainText("6.6.6.6");
  await expect(section).toContainText(/127\.0\.0\.1|::1/);
  await page.screenshot({ path: test.info().outputPath("account-sessions.png"), fullPage: true });

  await section.getByRole("button", { name: "Sign out other sessions" }).click();
  await expect(section.getByRole("status").filter({ hasText: "1 other session was signed out." })).toBeVisible();
  await expect(rows).toHaveCount(2);

  await otherPage.goto("/overview");
  await expect(otherPage).toHaveURL(/\/login/);
  await page.goto("/overview");
  await expect(page).toHaveURL(/\/overview$/);
  await other.close();

  // The super-admin opens the user from the users table.
  const admin = await browser.newContext({ baseURL: e2eUrls.app });
  const adminPage = await admin.newPage();
  await signedInAs(adminPage, E2E_USERS.admin);
  await adminPage.goto("/admin/users");
  await adminPage.getByRole("link", { name: USER.name, exact: true }).click();
  await expect(adminPage.getByRole("heading", { level: 1, name: USER.name })).toBeVisible();
  const live = adminPage.getByRole("region", { name: "Live sessions", exact: true });
  await expect(live.getByRole("row")).toHaveCount(2);
  const history = adminPage.getByRole("region", { name: "Sign-in history", exact: true });
  await expect(history).toContainText("Signed in");
  await expect(history).toContainText("Sign-in failed");
  await expect(history).toContainText("Wrong password");
  await expect(history).toContainText("Sessions ended");
  await expect(history).not.toContainText("6.6.6.6");
  await adminPage.screenshot({ path: test.info().outputPath("admin-user-sessions.png"), fullPage: true });

  // Ending all of the user's sessions signs the remaining browser out on its next request.
  await live.getByRole("button", { name: "End all sessions" }).click();
  await expect(live.getByRole("table")).toHaveCount(0);
  await page.goto("/overview");
  await expect(page).toHaveURL(/\/login/);
  // And the user can sign in again with the same password.
  await page.getByLabel("E-mail").fill(USER.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/overview/);
  await mine.close();
  await admin.close();
});

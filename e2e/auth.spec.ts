// Sign-in and sessions, driven through the real form in Chromium against the built app.
// Rules guarded: only the right password signs in, with wording that does not reveal accounts; 5 failures lock
// the account for 15 minutes with a clear message; sign-out ends the session everywhere (a copied cookie is
// refused afterwards); an idle session ends; pages and API refuse a visitor without a session.
import { expect, hydrated, test, type Page } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { E2E_USERS, PASSWORD } from "./support/users";

async function signIn(page: Page, email: string, password: string, base = e2eUrls.app) {
  await page.goto(`${base}/login`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("a user signs in with the right password and lands on the overview", async ({ page }) => {
  await signIn(page, E2E_USERS.finance.email, PASSWORD);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByText(E2E_USERS.finance.name).first()).toBeVisible();
});

test("a wrong password is refused with a message that does not say whether the account exists", async ({ page }) => {
  await signIn(page, E2E_USERS.reader.email, "not-the-password");
  await expect(page.locator("#login-error")).toHaveText("Incorrect e-mail or password.");
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, "nobody-here@e2e.test", "not-the-password");
  await expect(page.locator("#login-error")).toHaveText("Incorrect e-mail or password.");
});

test("signing out ends the session, and a copy of the old cookie is refused afterwards", async ({ page, browser }) => {
  // A user of its own: signing out ends every session of the user, and the other specs share the roles' sessions.
  await signIn(page, E2E_USERS.signsOut.email, PASSWORD);
  await expect(page).toHaveURL(/\/overview$/);
  const cookies = await page.context().cookies();
  await hydrated(page); // the account menu opens on a click only once hydrated
  await page.getByRole("button", { name: new RegExp(`^Account: ${E2E_USERS.signsOut.name}`) }).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login\?signed_out=1$/);
  await expect(page.getByText("You have signed out.")).toBeVisible();
  // Replay the cookie captured before sign-out in a fresh browser context.
  const replay = await browser.newContext();
  await replay.addCookies(cookies);
  const p2 = await replay.newPage();
  await p2.goto(`${e2eUrls.app}/overview`);
  await expect(p2).toHaveURL(/\/login/);
  const api = await replay.request.post(`${e2eUrls.app}/api/account/password`, {
    headers: { origin: e2eUrls.app },
    data: { currentPassword: PASSWORD, newPassword: "x".repeat(20), confirmPassword: "x".repeat(20) },
  });
  expect(api.status()).toBe(401);
  await replay.close();
});

test("a session that stays idle past the limit ends, and the user is asked to sign in again", async ({ page, browser }) => {
  // This server runs with SESSION_IDLE_MINUTES=0.1 (6 seconds).
  await signIn(page, E2E_USERS.reader.email, PASSWORD, e2eUrls.shortSessionApp);
  await expect(page).toHaveURL(/\/overview$/);
  // Wait until the server itself no longer counts the session as live, without using it: a second session of the
  // same user, started just after, lists the user's live sessions (idle ones are left out) until this one is gone.
  // The observer lives a moment longer than the session it watches, so it sees the end before its own.
  const observer = await browser.newContext();
  const watcher = await observer.newPage();
  await signIn(watcher, E2E_USERS.reader.email, PASSWORD, e2eUrls.shortSessionApp);
  await expect(watcher).toHaveURL(/\/overview$/);
  await expect
    .poll(
      async () => {
        const res = await watcher.request.get(`${e2eUrls.shortSessionApp}/api/account/sessions`);
        expect(res.status(), "the observer's own session must outlive the watched one").toBe(200);
        return ((await res.json()) as { sessions: unknown[] }).sessions.length;
      },
      { timeout: 15_000, intervals: [250], message: "the first session should go idle after 6 s" },
    )
    .toBe(1);
  await observer.close();
  await page.goto(`${e2eUrls.shortSessionApp}/overview`);
  await expect(page).toHaveURL(/\/login\?ended=expired$/);
  await expect(page.getByText("Your session expired. Please sign in again.")).toBeVisible();
});

test("a visitor without a session is sent to sign-in by pages and refused by the API", async ({ page, request }) => {
  await page.goto(`${e2eUrls.app}/overview`);
  await expect(page).toHaveURL(/\/login\?next=%2Foverview$/);
  const res = await request.post(`${e2eUrls.app}/api/account/password`, { headers: { origin: e2eUrls.app }, data: {} });
  expect(res.status()).toBe(401);
  expect(await res.json()).toEqual({ error: { code: "unauthenticated", message: "Your session has ended. Please sign in again." } });
});

test("a cross-site POST is refused before it reaches any handler", async ({ request }) => {
  for (const origin of ["https://evil.example", "null"]) {
    const res = await request.post(`${e2eUrls.app}/api/session/sign-out`, { headers: { origin } });
    expect(res.status()).toBe(403);
    expect((await res.json()).error.code).toBe("origin_rejected");
  }
});

test("every response carries the security headers: CSP without unsafe-eval, no framing, nosniff", async ({ request }) => {
  const res = await request.get(`${e2eUrls.app}/login`);
  const h = res.headers();
  expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(h["content-security-policy"]).not.toContain("unsafe-eval");
  expect(h["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(h["permissions-policy"]).toContain("camera=()");
});

test("a hostile ?next= never sends the user to another site, signed in or signing in (open redirect)", async ({ page }) => {
  await page.goto("/login?next=" + encodeURIComponent("//evil.example/x"));
  await page.getByLabel("E-mail").fill(E2E_USERS.reader.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  for (const next of ["/%09/evil.example", "/\\evil.example", "https://evil.example/", "javascript:alert(1)"]) {
    await page.goto(`/login?next=${next}`);
    await expect(page).toHaveURL(/^http:\/\/(127\.0\.0\.1|localhost):\d+\/overview$/);
  }
  await page.goto("/login?next=" + encodeURIComponent("/transactions?status=captured"));
  await expect(page).toHaveURL(/\/transactions\?status=captured$/);
});

// Last in the file, and on the second server: the 5 failures also lock this machine's IP there for 30 minutes
// (the per-IP rule), which must not lock out the other tests' sign-ins.
test("after 5 failures the account is locked with a 'try again in N minutes' message, even with the right password", async ({ page }) => {
  for (let i = 0; i < 5; i++) {
    await signIn(page, E2E_USERS.throttled.email, `wrong-${i}`, e2eUrls.shortSessionApp);
    await expect(page.locator("#login-error")).toHaveText("Incorrect e-mail or password.");
  }
  await signIn(page, E2E_USERS.throttled.email, PASSWORD, e2eUrls.shortSessionApp);
  await expect(page.locator("#login-error")).toHaveText(/Too many failed sign-in attempts\. Try again in (29|30) minutes\./);
  await expect(page).toHaveURL(/\/login$/);
});

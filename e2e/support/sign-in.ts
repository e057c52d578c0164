// Signing in, two ways.
//
// `signInThroughForm` drives the real sign-in form: for the specs that test signing in itself (the form, its
// audit rows, a session's lifecycle). Only the specs listed in tests/lint/e2e-sign-in.test.ts may call it.
//
// `signedInAs` is what every other spec uses: the suite signs in once per role and reuses that session. The first
// use of a role in a Playwright worker signs in through the same real form (in a context of its own) and keeps the
// session's cookies in memory; later uses add those cookies to the test's context. The main dashboard ends a
// session after 15 idle minutes (PCI DSS 8.2.8) and a run lasts longer than that, so a kept session older than
// REUSE_FOR_MS is replaced by a fresh sign-in before it could have gone idle. Specs that sign a user out, disable
// them, change their roles or end their sessions use the dedicated users of users.ts, so no test can end a
// session that another test reuses; `signedInAs` checks that its session is still alive and says so if not.
import { expect, type Cookie, type Page } from "@playwright/test";
import { e2eUrls } from "../../playwright.config";
import { PASSWORD } from "./users";

/** Well inside the 15-minute idle limit: a kept session is never used after it could have expired. */
const REUSE_FOR_MS = 10 * 60_000;
/** The language choice is the test's own (its context's locale or its own switch), never the sign-in context's. */
const NOT_SESSION_COOKIES = new Set(["ui-prefs"]);

export async function signInThroughForm(page: Page, user: { email: string }) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/overview$/);
}

interface Kept {
  cookies: Cookie[];
  at: number;
}
// One per Playwright worker process (a worker restarted after a failure signs in again).
const kept = new Map<string, Kept>();

async function freshSession(page: Page, email: string): Promise<Kept> {
  const browser = page.context().browser();
  if (!browser) throw new Error("signedInAs needs a page of a browser-launched context");
  // In English whatever the test's own locale (a context made here inherits the spec's `test.use`, e.g. ar-SA):
  // the form is found by its English labels.
  // With no stored state of its own: inside a `test.use({ storageState })` block, a context made here would inherit
  // that signed-in state, /login would send it on to the Overview, and the form would never appear (a restarted
  // worker's first sign-in hung there until its hook timed out).
  const context = await browser.newContext({ baseURL: e2eUrls.app, locale: "en-GB", storageState: { cookies: [], origins: [] } });
  try {
    const at = Date.now();
    await signInThroughForm(await context.newPage(), { email });
    const cookies = (await context.cookies()).filter((c) => !NOT_SESSION_COOKIES.has(c.name));
    return { cookies, at };
  } finally {
    await context.close();
  }
}

/**
 * Puts the user's shared session (signed in through the form once per worker, again after REUSE_FOR_MS) into the
 * page's context. The page is not navigated: the test goes where it needs to.
 */
export async function signedInAs(page: Page, user: { email: string }) {
  let session = kept.get(user.email);
  if (!session || Date.now() - session.at > REUSE_FOR_MS) {
    session = await freshSession(page, user.email);
    kept.set(user.email, session);
  }
  await page.context().addCookies(session.cookies);
  // A cheap check that nobody ended the shared session (a sign-out ends every session of the user): a spec that
  // does so must use a dedicated user instead.
  const alive = await page.request.get(`${e2eUrls.app}/api/account/sessions`);
  expect(alive.status(), `the shared session of ${user.email} was ended by another test: give that test its own user`).toBe(200);
}

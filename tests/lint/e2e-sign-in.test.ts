// Rule guarded: the browser suite signs in once per role. Every Playwright spec reuses the role's session through
// `signedInAs` (e2e/support/sign-in.ts); only the specs listed below, which test signing in itself (the form, its
// audit rows, a session's lifecycle), drive the sign-in form. The threat is a slow suite: each form sign-in is a
// page load, a password hash and a redirect, and a copied helper in one spec brought back about a hundred of them.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const E2E = path.resolve(__dirname, "../../e2e");

/** The specs that may sign in through the form, each with why. */
const SIGN_IN_SPECS: Record<string, string> = {
  "auth.spec.ts": "sign-in, wrong passwords, lock-out, sign-out and idle expiry through the real form",
  "mfa.spec.ts": "the password step before the second factor, on the MFA dashboard",
  "sessions.spec.ts": "two sessions of one user, a failed attempt, and signing in again after the sessions end",
  "i18n-auth.spec.ts": "the Arabic sign-in form, and a new user's first sign-in after saving Arabic",
  "forgot-password.spec.ts": "the old password refused and the new one accepted after a reset",
  "admin-audit.spec.ts": "the audit log's sign-in and failed sign-in rows",
  "a11y.spec.ts": "axe on the sign-in form showing a refused password",
  "admin-users.spec.ts": "an invited user's first sign-in with the password they chose",
  "screens-overview.spec.ts": "a new user's first sign-in, to see the Overview without figures",
};

const FORM_SIGN_IN: Array<[string, RegExp]> = [
  ["calls the form sign-in helper", /\bsignInThroughForm\s*\(/],
  [
    "fills the sign-in form's password field",
    /getByLabel\(\s*["'`]Password["'`]\s*\)|input\[(?:type|name)=["']?password|\bsignIn\.password\b/,
  ],
  ["submits the sign-in form", /getByRole\(\s*["']button["']\s*,\s*\{\s*name:\s*(?:["']Sign in["']|\w+\.signIn\.submit)/],
];

/** What in a spec's text signs in through the form (empty: nothing). */
export function formSignIns(text: string): string[] {
  return FORM_SIGN_IN.filter(([, re]) => re.test(text)).map(([what]) => what);
}

const specs = fs.readdirSync(E2E).filter((f) => f.endsWith(".spec.ts"));

describe("the e2e suite signs in once per role: only the listed specs use the sign-in form", () => {
  it.each(specs.filter((f) => !(f in SIGN_IN_SPECS)))("%s reuses the role's session (signedInAs), never the form", (file) => {
    expect(formSignIns(fs.readFileSync(path.join(E2E, file), "utf8")), `${file}: use signedInAs, or list it with a reason`).toEqual([]);
  });

  it("every listed spec exists and does use the form (no stale entry keeps a door open)", () => {
    for (const file of Object.keys(SIGN_IN_SPECS)) {
      expect(specs, file).toContain(file);
      expect(formSignIns(fs.readFileSync(path.join(E2E, file), "utf8")), file).not.toEqual([]);
    }
  });
});

describe("formSignIns finds a form sign-in however a spec writes it", () => {
  it.each([
    ["the shared form helper", `await signInThroughForm(page, E2E_USERS.admin);`],
    [
      "a private copy of the helper",
      `async function signIn(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}`,
    ],
    ["the password field found by its type (Arabic form)", `await page.locator('input[type="password"]').fill(PASSWORD);`],
    ["the password field found by its name", `await page.locator('input[name="password"]').fill(PASSWORD);`],
    ["the Arabic labels from the catalog", `await page.getByLabel(arAuth.signIn.password).fill(PASSWORD);`],
    ["the submit button alone", `await page.getByRole("button", { name: "Sign in" }).click();`],
  ])("%s", (_what, text) => {
    expect(formSignIns(text)).not.toEqual([]);
  });

  it("leaves a spec that reuses the role's session, and other forms' fields, alone", () => {
    const ok = `await signedInAs(page, E2E_USERS.finance);
await page.goto("/new-payment");
await page.getByLabel("E-mail").fill("noura.saleh@example.com");
await person.getByLabel("New password").fill("chosen 3");
await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();`;
    expect(formSignIns(ok)).toEqual([]);
  });
});

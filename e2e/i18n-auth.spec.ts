// Arabic and right-to-left on the sign-in page, the shell and the Account page. Rules guarded: a browser asking for
// Arabic (Accept-Language ar-SA) gets <html lang="ar" dir="rtl"> and the catalog's Arabic words, and signs in with
// them; the shell mirrors (the sidebar on the right of the content); the Arabic pages pass WCAG 2.2 AA (axe); the
// sign-in page's language switch changes the language before anyone signs in, and back; a user's saved choice
// (Arabic, Arabic-Indic digits, Hijri line) is what every later page uses. Threat guarded: a language preference is
// never saved on the shared e2e users (every later spec would turn Arabic): only a freshly created user saves one.
// With SHOTS_DIR set, the tests also save screenshots at 1440 px and 390 px for a visual check of the mirrored layout.
import { expect, test, type Page } from "./support/test";
import arAccount from "../messages/ar/account.json" with { type: "json" };
import arAuth from "../messages/ar/auth.json" with { type: "json" };
import arCommon from "../messages/ar/common.json" with { type: "json" };
import arShell from "../messages/ar/shell.json" with { type: "json" };
import arUi from "../messages/ar/ui.json" with { type: "json" };
import { e2eUrls } from "../playwright.config";
import { axeViolations } from "./support/axe";
import { waitForMail } from "./support/mailbox";
import { signedInAs, signInThroughForm } from "./support/sign-in";
import { E2E_USERS, PASSWORD } from "./support/users";

test.use({ locale: "ar-SA", viewport: { width: 1440, height: 900 } });

const SHOTS = process.env.SHOTS_DIR;

/** A screenshot for the visual check at 1440 px and at 390 px (phone), only when SHOTS_DIR is set. */
async function shoot(page: Page, name: string, before?: (page: Page) => Promise<void>) {
  if (!SHOTS) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    if (before) await before(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    await page.keyboard.press("Escape");
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function expectArabic(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
}

test("a browser asking for Arabic gets the sign-in page in Arabic, signs in, and sees the shell mirrored", async ({ page }) => {
  await page.goto("/login");
  await expectArabic(page);
  await expect(page.getByRole("heading", { level: 1, name: arAuth.signIn.title })).toBeVisible();
  await expect(page.getByRole("button", { name: arAuth.signIn.submit })).toBeVisible();
  // The switch offers the other language, named in that language.
  await expect(page.getByRole("button", { name: "English" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, "sign-in");

  // The e-mail and password go in left-to-right fields, whatever the page's direction.
  await page.getByLabel(arAuth.signIn.email).fill(E2E_USERS.reader.email);
  await page.getByLabel(arAuth.signIn.password).fill(PASSWORD);
  await page.getByRole("button", { name: arAuth.signIn.submit }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expectArabic(page);

  const nav = page.getByRole("navigation", { name: arShell.mainNav });
  await expect(nav.getByRole("link", { name: arShell.nav.overview })).toBeVisible();
  // Mirrored: the sidebar is on the right of the content.
  const sidebar = await page.locator("#sidebar").boundingBox();
  const main = await page.locator("#content").boundingBox();
  expect(sidebar && main && sidebar.x > main.x, `sidebar ${JSON.stringify(sidebar)} main ${JSON.stringify(main)}`).toBe(true);
  // The account menu opens towards the page (its end edge on the left in RTL) and stays inside the window.
  const account = page.getByRole("button", { name: new RegExp(`^${arShell.userMenu.accountPrefix.trim()}`) });
  await account.click();
  await expect(page.getByRole("link", { name: arShell.userMenu.changePassword })).toBeVisible();
  const panel = await page.getByRole("link", { name: arShell.userMenu.changePassword }).boundingBox();
  expect(panel && panel.x >= 0, `menu panel ${JSON.stringify(panel)}`).toBe(true);
  await page.keyboard.press("Escape");
  // Screenshots only: the menu open (never clicking its language switch: that would save the shared user's language).
  await shoot(page, "overview-user-menu", (p) =>
    p.getByRole("button", { name: new RegExp(`^${arShell.userMenu.accountPrefix.trim()}`) }).click(),
  );
  await shoot(page, "overview-sidebar", async (p) => {
    const toggle = p.getByRole("button", { name: arShell.menu });
    if (await toggle.isVisible()) await toggle.click();
  });

  await page.goto("/account");
  await expectArabic(page);
  await expect(page.getByRole("heading", { level: 1, name: arAccount.title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: arAccount.sessions.heading })).toBeVisible();
  await expect(page.getByText(arAccount.sessionsTable.thisBrowser, { exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, "account-reader");
});

test("the sign-in page's switch turns the page Arabic and back, before anyone signs in", async ({ browser }) => {
  // A fresh browser that asks for English; nobody is signed in, so nothing is saved on any user.
  const context = await browser.newContext({ baseURL: e2eUrls.app, locale: "en-GB" });
  const page = await context.newPage();
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();

  await page.getByRole("button", { name: "العربية" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectArabic(page);
  await expect(page.getByRole("heading", { level: 1, name: arAuth.signIn.title })).toBeVisible();
  await expect(page.getByLabel(arAuth.signIn.password)).toBeVisible();

  await page.getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await context.close();
});

test("a user who saves Arabic, Arabic-Indic digits and the Hijri line sees them on every later page", async ({ browser }) => {
  // A fresh user (the shared ones must never save a language), invited by the admin through the API.
  const adminContext = await browser.newContext({ baseURL: e2eUrls.app, locale: "en-GB" });
  const page = await adminContext.newPage();
  await signedInAs(page, E2E_USERS.admin);
  await page.goto("/overview");
  const email = `arabic.${Date.now().toString(36)}@e2e.test`;
  const created = await page.request.post("/api/admin/users", {
    headers: { origin: e2eUrls.app }, // the dashboard refuses state-changing requests from other origins
    data: { email, name: "سارة السالم", phoneNumber: "+966501234568", userType: "USER", roleNames: ["read-only"] },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await adminContext.close();
  const invitation = await waitForMail(e2eUrls.sandbox, email, { subject: /invited/i });
  const token = new URL(invitation.links.find((l) => l.includes("/set-password?token="))!).searchParams.get("token")!;

  // Their own browser starts in English (en-GB): only the saved choice turns it Arabic.
  const context = await browser.newContext({ baseURL: e2eUrls.app, locale: "en-GB", viewport: { width: 1440, height: 900 } });
  const theirs = await context.newPage();
  const set = await theirs.request.post("/api/session/set-password", {
    headers: { origin: e2eUrls.app },
    data: { token, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(set.ok(), await set.text()).toBe(true);
  await signInThroughForm(theirs, { email });
  await theirs.goto("/account");
  await expect(theirs.locator("html")).toHaveAttribute("lang", "en");

  await theirs.getByLabel("Language", { exact: true }).selectOption("ar");
  await theirs.getByLabel("Digits").selectOption("arab");
  await theirs.getByLabel("Also show the Hijri date").check();
  await theirs.getByRole("button", { name: "Save", exact: true }).click();

  await expectArabic(theirs);
  await theirs.reload();
  await expectArabic(theirs);
  await expect(theirs.getByRole("heading", { level: 1, name: arAccount.title })).toBeVisible();
  await expect(theirs.getByLabel(arCommon.language, { exact: true })).toHaveValue("ar");
  // Arabic-Indic digits in the dates of the sessions list.
  const sessions = theirs.getByRole("region", { name: arAccount.sessions.heading, exact: true });
  await expect(sessions.getByRole("row").nth(1)).toContainText(/[٠-٩]/);
  expect(await axeViolations(theirs)).toEqual([]);
  await shoot(theirs, "account");

  // A dialog mirrors too: its close button (named in Arabic) sits at the top-left, the end side in RTL.
  await theirs.getByRole("button", { name: arAccount.twoStep.addPasskey }).click();
  const dialog = theirs.getByRole("dialog", { name: arAccount.twoStep.addPasskey });
  const close = dialog.getByRole("button", { name: arUi.close, exact: true });
  await expect(close).toBeVisible();
  const [closeBox, dialogBox] = await Promise.all([close.boundingBox(), dialog.boundingBox()]);
  expect(closeBox && dialogBox && closeBox.x < dialogBox.x + dialogBox.width / 2).toBe(true);
  expect(await axeViolations(theirs)).toEqual([]);
  if (SHOTS) await theirs.screenshot({ path: `${SHOTS}/account-dialog-1440.png` });
  await close.click();
  await expect(dialog).toHaveCount(0);

  // The password form is not in the Account page's first load (JS budget): the user menu's "Change password" opens it,
  // on the page already open too, with the focus on its first field; its Arabic labels pass axe.
  await theirs.getByRole("button", { name: new RegExp(`^${arShell.userMenu.accountPrefix.trim()}`) }).click();
  await theirs.getByRole("link", { name: arShell.userMenu.changePassword }).click();
  await expect(theirs.getByLabel(arAuth.changePassword.current)).toBeFocused();
  await expect(theirs.getByRole("button", { name: arAuth.changePassword.submit })).toBeVisible();
  expect(await axeViolations(theirs)).toEqual([]);
  if (SHOTS) await theirs.screenshot({ path: `${SHOTS}/account-password-1440.png` });
  await context.close();
});

// The new card payment in Arabic (#15). Rules guarded: with an Arabic browser the page is right-to-left
// (html dir=rtl) and its words come from the Arabic catalog; the card number and expiry stay left-to-right inputs
// (dir=ltr, digits typed in their natural order); a sale whose 3-D Secure challenge is answered right ends with
// the result in Arabic (heading, the server's sentence, the next step); the form and the result pass axe.
// With SHOTS_DIR set, the form, the 3-D Secure step and the result are saved there as screenshots (looked at by hand).
import { expect, test, type Page } from "./support/test";
import ar from "../messages/ar/newPayment.json" with { type: "json" };
import { axeViolations } from "./support/axe";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

test.use({ locale: "ar-SA", viewport: { width: 1440, height: 900 } });

const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

test.describe("new payment in Arabic", () => {
  test.beforeEach(async ({ page }) => {
    await signedInAs(page, E2E_USERS.backOffice);
    await page.goto("/overview");
  });

  test("an S2S sale with the 3-D Secure challenge answered, right-to-left, the result in Arabic", async ({ page }) => {
    await page.goto("/payments/new");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", /^ar/);
    await expect(page.getByRole("heading", { level: 1, name: ar.title })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: ar.form.title })).toBeVisible();

    const cardNumber = page.getByLabel(ar.form.cardNumber);
    const expMonth = page.getByLabel(ar.form.expMonth);
    const expYear = page.getByLabel(ar.form.expYear);
    for (const input of [cardNumber, expMonth, expYear, page.getByLabel(ar.form.cvv)]) await expect(input).toHaveAttribute("dir", "ltr");

    await expect.poll(() => axeViolations(page)).toEqual([]);
    await shot(page, "new-payment-form");

    const orderId = `e2e-ar-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await page.getByLabel(ar.form.orderId).fill(orderId);
    await page.getByLabel(ar.form.amount).fill("42.50");
    await page.getByLabel(ar.form.firstName).fill("نورة");
    await page.getByLabel(ar.form.lastName).fill("صالح");
    await page.getByLabel(ar.form.email).fill("noura.saleh@example.com");
    await page.getByLabel(ar.form.phone).fill("+966500000001");
    // Typed one key at a time: the number groups as it is typed, left to right.
    await cardNumber.pressSequentially("4111111111111111");
    await expect(cardNumber).toHaveValue("4111 1111 1111 1111");
    await expMonth.fill("05");
    await expYear.fill("2038");
    await page.getByLabel(ar.form.cvv).fill("123");
    await expect(cardNumber).toHaveCSS("direction", "ltr");

    await page.getByRole("button", { name: ar.form.submit }).click();
    await expect(page.getByRole("heading", { name: ar.threeDs.title })).toBeVisible();
    await expect(page.getByText(ar.threeDs.intro)).toBeVisible();
    const frame = page.frameLocator(`iframe[title="${ar.threeDs.frameTitle}"]`);
    await expect(frame.locator('input[name="otp"]')).toBeVisible();
    await shot(page, "three-ds-step");

    await frame.locator('input[name="otp"]').fill("1234");
    await frame.locator('input[name="otp"]').press("Enter");
    await expect(page.getByRole("heading", { name: new RegExp(ar.outcome.title) })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(ar.message.captured)).toBeVisible();
    await expect(page.getByText(ar.outcome.next.captured)).toBeVisible();
    await expect(page.getByRole("link", { name: ar.outcome.open })).toBeVisible();
    await expect(page.getByRole("button", { name: ar.outcome.again })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect.poll(() => axeViolations(page)).toEqual([]);
    await shot(page, "new-payment-result");
  });
});

// Guards on large charges, as back-office staff meet them on a phone order. Threats guarded: a slip of the keyboard
// (SAR 99,999,999,999.99 typed for 99.99) is refused at MAX_CHARGE with the limit named, and nothing is charged; a
// charge above CHARGE_CONFIRM_ABOVE made without the customer present asks "You are about to charge SAR 25000.00 to
// VISA •••• 1111" and charges only on "Charge it" ("Go back" charges nothing and says so). In Arabic, the card
// brand badge no longer covers the first digits of the card number: measured, at 1440 and 390 px.
// Screenshots of the confirmation in both languages at 1440 and 390 px, with axe.
import { expect, test, type Locator, type Page } from "./support/test";
import arPay from "../messages/ar/newPayment.json" with { type: "json" };
import arShell from "../messages/ar/shell.json" with { type: "json" };
import { shootScreen } from "./support/screens";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

const uniqueOrder = (tag: string) => `e2e-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function fillPhoneOrder(page: Page, amount: string, labels = EN) {
  await page.goto("/payments/new");
  await expect(page.getByLabel(labels.orderId)).not.toHaveValue(""); // hydrated: the generated order id is in
  await page.getByLabel(labels.orderId).fill(uniqueOrder("big"));
  await page.getByLabel(labels.amount).fill(amount);
  await page.getByLabel(labels.firstName).fill("Noura");
  await page.getByLabel(labels.lastName).fill("Saleh");
  await page.getByLabel(labels.email).fill("noura.saleh@example.com");
  await page.getByLabel(labels.phone).fill("+966500000001");
  await page.getByLabel(labels.cardNumber).pressSequentially("4111111111111111");
  await page.getByLabel(labels.expMonth).fill("01"); // 01/2038: approved without a challenge
  await page.getByLabel(labels.expYear).fill("2038");
  await page.getByLabel(labels.cvv).fill("123");
}

const EN = {
  orderId: "Order id",
  amount: "Amount",
  firstName: "First name",
  lastName: "Last name",
  email: "E-mail",
  phone: "Phone",
  cardNumber: "Card number",
  expMonth: "Expiry month",
  expYear: "Expiry year",
  cvv: "Security code (CVV)",
  submit: "Take payment",
};
const AR = {
  orderId: arPay.form.orderId,
  amount: arPay.form.amount,
  firstName: arPay.form.firstName,
  lastName: arPay.form.lastName,
  email: arPay.form.email,
  phone: arPay.form.phone,
  cardNumber: arPay.form.cardNumber,
  expMonth: arPay.form.expMonth,
  expYear: arPay.form.expYear,
  cvv: arPay.form.cvv,
  submit: arPay.form.submit,
};

/** The badge and the typed digits, measured: the badge lies outside the input's content box, and no digit is cut. */
async function badgeClearOfDigits(input: Locator, badge: Locator) {
  const m = await input.evaluate(
    (el, badgeEl) => {
      const i = el as HTMLInputElement;
      const box = i.getBoundingClientRect();
      const style = getComputedStyle(i);
      const b = (badgeEl as HTMLElement).getBoundingClientRect();
      return {
        contentLeft: box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft),
        contentRight: box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight),
        badgeLeft: b.left,
        badgeRight: b.right,
        overflow: i.scrollWidth - i.clientWidth,
      };
    },
    await badge.elementHandle(),
  );
  const clear = m.badgeLeft >= m.contentRight - 0.5 || m.badgeRight <= m.contentLeft + 0.5;
  expect({ clear, overflow: m.overflow }, JSON.stringify(m)).toEqual({ clear: true, overflow: 0 });
}

test.describe("large charges on a phone order", () => {
  test.beforeEach(async ({ page }) => {
    await signedInAs(page, E2E_USERS.backOffice);
    await page.goto("/overview");
  });

  test("above MAX_CHARGE: refused with the limit named, nothing charged", async ({ page }) => {
    await fillPhoneOrder(page, "99999999999.99");
    await page.getByRole("button", { name: EN.submit }).click();
    await expect(page.getByText("At most SAR 1000000.00.")).toBeVisible();
    await expect(page.getByRole("region", { name: /Payment result/ })).toHaveCount(0);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("above CHARGE_CONFIRM_ABOVE: the amount and the card confirmed first; Go back charges nothing", async ({ page }) => {
    await fillPhoneOrder(page, "25000.00");
    await page.getByRole("button", { name: EN.submit }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm a large charge" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      "You are about to charge SAR 25000.00 to VISA •••• 1111. Check the amount with the customer, then confirm.",
    );
    await shootScreen(page, "large-charge-confirm");
    await dialog.getByRole("button", { name: "Go back" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Nothing was charged: the amount was not confirmed.")).toBeVisible();
    await expect(page.getByRole("region", { name: /Payment result/ })).toHaveCount(0);
    // The card fields are wiped after every answer (the form's rule: no card number left in the page), so the card
    // is typed again once the amount is checked.
    await expect(page.getByLabel(EN.amount)).toHaveValue("25000.00");
    await expect(page.getByLabel(EN.cardNumber)).toHaveValue("");
    await page.getByLabel(EN.cardNumber).pressSequentially("4111111111111111");
    await page.getByLabel(EN.expMonth).fill("01");
    await page.getByLabel(EN.expYear).fill("2038");
    await page.getByLabel(EN.cvv).fill("123");

    await page.getByRole("button", { name: EN.submit }).click();
    await page.getByRole("dialog", { name: "Confirm a large charge" }).getByRole("button", { name: "Charge it" }).click();
    const result = page.getByRole("region", { name: /Payment result/ });
    await expect(result).toBeVisible({ timeout: 20_000 });
    await expect(result.getByText(/SAR\s25,000\.00/)).toBeVisible();
    await expect(result.getByText("VISA •••• 1111")).toBeVisible();
  });
});

test.describe("in Arabic", () => {
  test.use({ locale: "ar-SA", viewport: { width: 1440, height: 900 } });
  test.beforeEach(async ({ page }) => {
    await signedInAs(page, E2E_USERS.backOffice);
    await page.goto("/overview");
  });

  test("the brand badge leaves all 16 digits visible at 1440 and 390 px; the confirmation is in Arabic", async ({ page }) => {
    await fillPhoneOrder(page, "25000.00", AR);
    const input = page.getByLabel(AR.cardNumber);
    const badge = page.locator("#card-number-brand");
    await expect(input).toHaveValue("4111 1111 1111 1111");
    await expect(badge).toHaveText("VISA");
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await badgeClearOfDigits(input, badge);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole("button", { name: AR.submit }).click();
    const dialog = page.getByRole("dialog", { name: arShell.chargeConfirm.title });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("VISA •••• 1111");
    await expect(dialog.getByRole("button", { name: arShell.chargeConfirm.confirm })).toBeVisible();
    await shootScreen(page, "large-charge-confirm-ar");
  });
});

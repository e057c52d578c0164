// A card saved through the dashboard's own form (also starting recurring charges; ticking the boxes is what picks
// the form interface, staff never choose it), then charged from Saved cards, with the customer's 3-D Secure
// answered in the sandboxed frame both times. Rules guarded: a form-interface sale with "Save the card" leaves the
// card with the gateway under exactly the payer e-mail, and "Start recurring" gives the ledger its recurring token; Saved cards finds it and charges it; when the saved card
// asks for 3-D Secure the customer's challenge runs in the locked-down frame (allow-scripts allow-forms only) and
// the result shown is the gateway's (status query), not the frame's.
import { expect, test } from "./support/test";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

const FRAME = 'iframe[title="3-D Secure verification"]';

test("form sale with “Save the card”, then the card is found under Saved cards and charged with 3-D Secure", async ({ page }) => {
  await signedInAs(page, E2E_USERS.backOffice);
  await page.goto("/overview");
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `Saver.${tag}@example.com`;

  // 1. The sale through the form interface, saving the card (a challenge card: 05/2038).
  await page.goto("/payments/new");
  // No interface to pick (#13): ticking "Save the card" makes it a form-interface sale, which asks for the address.
  await expect(page.getByRole("tab")).toHaveCount(0);
  await expect(page.getByLabel("Postal code")).toHaveCount(0);
  await page.getByLabel("Save the card").check();
  await page.getByLabel("Start recurring").check();
  await expect(page.getByLabel("Postal code")).toBeVisible();
  await page.getByLabel("Order id").fill(`e2e-save-${tag}`);
  await page.getByLabel("Amount").fill("30.00");
  await page.getByLabel("First name").fill("Sara");
  await page.getByLabel("Last name").fill("Qahtani");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Phone").fill("+966500000002");
  await page.getByLabel("Address").fill("12 Olaya Street");
  await page.getByLabel("City").fill("Riyadh");
  await page.getByLabel("Postal code").fill("12211");
  await page.getByLabel("Country").fill("SA");
  await page.getByLabel("Card number").fill("4111 1111 1111 1111");
  await page.getByLabel("Expiry month").fill("05");
  await page.getByLabel("Expiry year").fill("2038");
  await page.getByLabel("Security code (CVV)").fill("123");
  await page.getByRole("button", { name: "Take payment" }).click();
  await expect(page.getByRole("heading", { name: "3-D Secure verification" })).toBeVisible();
  expect(await page.locator(FRAME).getAttribute("sandbox")).toBe("allow-scripts allow-forms");
  let frame = page.frameLocator(FRAME);
  await frame.locator('input[name="otp"]').fill("1234");
  await frame.locator('input[name="otp"]').press("Enter");
  await expect(page.getByRole("heading", { name: /Payment result/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Paid: the money was taken.")).toBeVisible();

  // 2. Recurring: the gateway's notification taught the ledger the recurring token of this first payment.
  await expect
    .poll(
      async () => {
        await page.goto("/recurring");
        return page
          .getByRole("region", { name: email })
          .getByRole("link", { name: `e2e-save-${tag}` })
          .count();
      },
      { timeout: 20_000, message: "the first payment should appear with its recurring token" },
    )
    .toBe(1);

  // 3. Saved cards: the exact e-mail finds the card.
  await page.goto("/saved-cards");
  await page.getByLabel("Customer e-mail").fill(email);
  await page.getByRole("button", { name: "Find cards" }).click();
  await expect(page.getByText("VISA •••• 1111")).toBeVisible();

  // 4. Charge it: the card asks for 3-D Secure; the customer answers in the frame.
  await page.getByRole("button", { name: "Charge this card" }).click();
  const dialog = page.getByRole("dialog", { name: "Charge this card" });
  await dialog.getByLabel("Amount").fill("9.75");
  await dialog.getByLabel("Description").fill("Phone order");
  // The name, phone and billing address of the form sale are suggested (the gateway's SALE needs them; nothing is
  // made up).
  await expect(dialog.getByText("From the customer's last payment; confirm them with the customer.")).toBeVisible();
  await expect(dialog.getByLabel("Last name")).toHaveValue("Qahtani");
  await expect(dialog.getByLabel("Phone")).toHaveValue("+966500000002");
  await expect(dialog.getByLabel("Address")).toHaveValue("12 Olaya Street");
  await expect(dialog.getByLabel("Postal code")).toHaveValue("12211");
  await dialog.getByRole("button", { name: "Charge" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "3-D Secure verification" })).toBeVisible();
  expect(await page.locator(FRAME).getAttribute("sandbox")).toBe("allow-scripts allow-forms");
  frame = page.frameLocator(FRAME);
  await frame.locator('input[name="otp"]').fill("1234");
  await frame.locator('input[name="otp"]').press("Enter");
  await expect(page.getByText("Paid: the money was taken.")).toBeVisible({ timeout: 20_000 });
  await page.getByRole("link", { name: "Open the payment" }).click();
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Captured").first()).toBeVisible();
  await expect(page.getByText("Phone order").first()).toBeVisible();
});

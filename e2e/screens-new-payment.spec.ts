// The New payment screen (#13), as back-office staff use it. Rules guarded: one "Card payment" form with no
// interface for staff to pick (the dashboard takes the form interface when the card is saved or recurring starts,
// server-to-server otherwise); the card number is grouped as typed (fours; American Express 4-6-5) and shows the
// brand its BIN tells (VISA, Mastercard, American Express, mada); a declined payment is retried with the form kept
// and only the card fields cleared (focus on the card number); the result card shows the amount, the card (one
// mask), the outcome and the next steps. Screenshots at 1440 and 390 px with axe at each width.
import { expect, test, type Page } from "./support/test";
import { shootScreen } from "./support/screens";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

const uniqueOrder = (tag: string) => `e2e-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openForm(page: Page) {
  await page.goto("/payments/new");
  await expect(page.getByRole("heading", { level: 1, name: "New payment" })).toBeVisible();
  // Hydrated: the generated order id is in.
  await expect(page.getByLabel("Order id")).not.toHaveValue("");
}

async function fillOrder(page: Page, orderId: string) {
  await page.getByLabel("Order id").fill(orderId);
  await page.getByLabel("Amount").fill("42.50");
  await page.getByLabel("First name").fill("Noura");
  await page.getByLabel("Last name").fill("Saleh");
  await page.getByLabel("E-mail").fill("noura.saleh@example.com");
  await page.getByLabel("Phone").fill("+966500000001");
}

async function fillCard(page: Page, expMonth: string) {
  await page.getByLabel("Card number").pressSequentially("4111111111111111");
  await page.getByLabel("Expiry month").fill(expMonth);
  await page.getByLabel("Expiry year").fill("2038");
  await page.getByLabel("Security code (CVV)").fill("123");
}

async function kindOf(page: Page, orderId: string): Promise<string | undefined> {
  const j = (await (await page.request.get(`/api/transactions?q=${encodeURIComponent(orderId)}`)).json()) as {
    items?: Array<{ kind: string }>;
  };
  return j.items?.[0]?.kind;
}

test.describe("New payment screen (#13)", () => {
  test.beforeEach(async ({ page }) => {
    await signedInAs(page, E2E_USERS.backOffice);
    await page.goto("/overview");
  });

  test("one Card payment form, no interface picker; the card number groups in fours as typed and shows its brand", async ({ page }) => {
    await openForm(page);
    const form = page.getByRole("form", { name: "Card payment" });
    await expect(form).toBeVisible();
    await expect(page.getByRole("tab")).toHaveCount(0);
    await expect(page.getByText(/server-to-server|form interface/i)).toHaveCount(0);
    // A phone order's order: what the caller says first (the amount, then the card), then who they are, then the order's
    // own details, which the dashboard fills in (a generated order id, a description). Three fields before the card.
    const order = await form.locator("input, select").evaluateAll((els) => els.map((e) => (e as HTMLInputElement).name));
    expect(order.slice(0, order.indexOf("cardNumber"))).toEqual(["amount", "currency", "auth"]);
    expect(order.indexOf("firstName")).toBeGreaterThan(order.indexOf("cvv"));
    expect(order.indexOf("orderId")).toBeGreaterThan(order.indexOf("phone"));
    await expect(page.getByLabel("Description")).toHaveValue("Phone order");

    const number = page.getByLabel("Card number");
    const brand = page.locator("#card-number-brand");
    await number.pressSequentially("4111111111111111");
    await expect(number).toHaveValue("4111 1111 1111 1111");
    await expect(brand).toHaveText("VISA");
    await expect(number).toHaveAccessibleDescription(/VISA/);
    // Editing in the middle keeps the grouping and the caret after the digit typed.
    await number.press("Home");
    await number.press("ArrowRight");
    await number.press("ArrowRight");
    await number.press("Delete");
    await expect(number).toHaveValue("4111 1111 1111 111");
    await number.pressSequentially("9");
    await expect(number).toHaveValue("4191 1111 1111 1111");

    await number.fill("");
    await number.pressSequentially("378282246310005");
    await expect(number).toHaveValue("3782 822463 10005");
    await expect(brand).toHaveText("American Express");
    await number.fill("");
    await number.pressSequentially("5123450000000008");
    await expect(number).toHaveValue("5123 4500 0000 0008");
    await expect(brand).toHaveText("Mastercard");
    // A mada BIN (a VISA-range number): mada, once six digits tell.
    await number.fill("");
    await number.pressSequentially("440647");
    await expect(brand).toHaveText("mada");
    await number.fill("");
    await expect(brand).toHaveCount(0);

    await fillOrder(page, uniqueOrder("shot"));
    await number.pressSequentially("4111111111111111");
    await shootScreen(page, "new-payment-form");
  });

  test("declined: the result card (amount, card, outcome, next steps), then Retry keeps the form with the card fields cleared", async ({
    page,
  }) => {
    await openForm(page);
    const firstOrder = uniqueOrder("decl");
    await fillOrder(page, firstOrder);
    await page.getByLabel("Description").fill("Phone order 77");
    await fillCard(page, "02"); // 02/2038: declined without a challenge
    await page.getByRole("button", { name: "Take payment" }).click();

    const result = page.getByRole("region", { name: /Payment result/ });
    await expect(result).toBeVisible({ timeout: 20_000 });
    await expect(result.getByRole("heading", { name: /Payment result/ })).toBeFocused();
    await expect(result.getByText("Declined", { exact: true })).toBeVisible();
    await expect(result.getByText(/SAR\s42\.50/)).toBeVisible();
    await expect(result.getByText("VISA •••• 1111")).toBeVisible();
    // The order id staff read to the caller, with a copy button.
    await expect(result.getByText(firstOrder, { exact: true })).toBeVisible();
    await expect(result.getByRole("button", { name: "Copy the order id" })).toBeVisible();
    await expect(result.getByRole("link", { name: "Open the payment" })).toHaveAttribute("href", /\/transactions\/[0-9a-f-]{36}$/);
    await expect(result.getByRole("button", { name: "Take another payment" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Card payment" })).toBeHidden();
    await shootScreen(page, "new-payment-declined");

    await result.getByRole("button", { name: "Retry the payment" }).click();
    await expect(result).toHaveCount(0);
    await expect(page.getByLabel("Card number")).toBeFocused();
    for (const label of ["Card number", "Expiry month", "Expiry year", "Security code (CVV)"])
      await expect(page.getByLabel(label)).toHaveValue("");
    await expect(page.getByLabel("Amount")).toHaveValue("42.50");
    await expect(page.getByLabel("First name")).toHaveValue("Noura");
    await expect(page.getByLabel("E-mail")).toHaveValue("noura.saleh@example.com");
    await expect(page.getByLabel("Description")).toHaveValue("Phone order 77");
    // The declined order id is used: the retry has a new one.
    await expect(page.getByLabel("Order id")).not.toHaveValue(firstOrder);
    await expect(page.getByText("Try the payment again")).toBeVisible();
    await shootScreen(page, "new-payment-retry");

    await fillCard(page, "01"); // approved
    await page.getByRole("button", { name: "Take payment" }).click();
    await expect(result.getByText("Paid: the money was taken.").or(result.getByText("Paid."))).toBeVisible({ timeout: 20_000 });
    await expect(result.getByText("Captured", { exact: true })).toBeVisible();
    await expect(result.getByRole("button", { name: "Retry the payment" })).toHaveCount(0);
    await shootScreen(page, "new-payment-paid");

    // Take another payment: a fresh form.
    await result.getByRole("button", { name: "Take another payment" }).click();
    await expect(page.getByLabel("Amount")).toHaveValue("");
    await expect(page.getByLabel("First name")).toHaveValue("");
  });

  test("the interface is the dashboard's choice: S2S by default, the form interface (with the billing address) when the card is saved", async ({
    page,
  }) => {
    await openForm(page);
    const s2sOrder = uniqueOrder("s2s");
    await fillOrder(page, s2sOrder);
    await fillCard(page, "01");
    await page.getByRole("button", { name: "Take payment" }).click();
    await expect(page.getByRole("region", { name: /Payment result/ }).getByText("Captured", { exact: true })).toBeVisible({
      timeout: 20_000,
    });
    expect(await kindOf(page, s2sOrder)).toBe("s2s_sale");

    await page.getByRole("button", { name: "Take another payment" }).click();
    const formOrder = uniqueOrder("form");
    await fillOrder(page, formOrder);
    await expect(page.getByLabel("Postal code")).toHaveCount(0);
    await page.getByLabel("Save the card").check();
    await expect(page.getByRole("group", { name: "Billing address" })).toBeVisible();
    // The country is the merchant's own (MERCHANT_COUNTRY, SA by default) until staff change it: one field fewer to ask.
    await expect(page.getByLabel("Country")).toHaveValue("SA");
    await page.getByRole("button", { name: "Take payment" }).click();
    // The address is asked only now, and is required.
    await expect(page.getByLabel("Address")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Address").fill("12 Olaya Street");
    await page.getByLabel("City").fill("Riyadh");
    await page.getByLabel("Postal code").fill("12211");
    await fillCard(page, "05"); // 3-D Secure, then approved
    await shootScreen(page, "new-payment-save-card");
    await page.getByRole("button", { name: "Take payment" }).click();
    await expect(page.getByRole("heading", { name: "3-D Secure verification" })).toBeVisible({ timeout: 20_000 });
    const frame = page.frameLocator('iframe[title="3-D Secure verification"]');
    await frame.locator('input[name="otp"]').fill("1234");
    await frame.locator('input[name="otp"]').press("Enter");
    await expect(page.getByRole("region", { name: /Payment result/ }).getByText("Captured", { exact: true })).toBeVisible({
      timeout: 20_000,
    });
    expect(await kindOf(page, formOrder)).toBe("sale");
  });
});

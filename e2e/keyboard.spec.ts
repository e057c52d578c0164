// Keyboard-only use of the two forms that move money (issue #7): the refund dialog on a payment's page and the new
// payment form. Only Tab, Shift+Tab, Enter, Space, Escape, the arrow keys and typing are used once the page is
// open (signing in is not what is tested here). Rules guarded, each named in its test: WCAG 2.1.1 Keyboard,
// 2.1.2 No keyboard trap (the modal keeps focus inside until it is closed, and lets it go when closed), 2.4.3 Focus
// order (focus moves into the dialog, and back to its opener), 3.3.1 Error identification and 4.1.3 Status
// messages, plus the dashboard's money-dialog rule: Enter alone does not submit, Ctrl/Cmd+Enter does, and the
// button is disabled while the request is in flight.
import { expect, test, type Locator, type Page } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { customerPays } from "./support/seed-payments";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

const isFocused = (l: Locator) => l.evaluate((el) => el === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has focus; fails if it is not reached in `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}) {
  for (let i = 0; i <= max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`not reachable with ${back ? "Shift+Tab" : "Tab"} in ${max} presses: ${target.toString()}`);
}

const focusIsInOpenDialog = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")));

test.describe("WCAG 2.1.1 / 2.1.2 / 2.4.3 / 4.1.3: the refund dialog by keyboard alone", () => {
  test.beforeEach(async ({ page }) => {
    await signedInAs(page, E2E_USERS.finance);
    await page.goto("/overview");
  });

  test("opens from the payment page with Enter, traps focus, closes with Escape back to the opener", async ({ page }) => {
    const { paymentId } = await customerPays(page, { amount: "80.00", auth: false });
    await page.goto(`/transactions/${paymentId}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Captured");
    const opener = page.getByRole("button", { name: "Refund" });
    // From the top of the page: the skip link first, then on through the page to the action.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await tabTo(page, opener);
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name: "Refund payment" });
    await expect(dialog).toBeVisible();
    // 2.4.3: focus moved into the dialog, on its first field.
    await expect(dialog.getByLabel(/Amount/)).toBeFocused();
    // 2.1.2 (modal): Tab and Shift+Tab cycle inside the dialog, past both ends.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await focusIsInOpenDialog(page), `Tab #${i + 1} left the dialog`).toBe(true);
    }
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await focusIsInOpenDialog(page), `Shift+Tab #${i + 1} left the dialog`).toBe(true);
    }
    // Every control of the dialog is reachable: the × button, Cancel and Refund.
    await tabTo(page, dialog.getByRole("button", { name: "Close" }), { max: 10 });
    await tabTo(page, dialog.getByRole("button", { name: "Cancel" }), { max: 10 });
    await tabTo(page, dialog.getByRole("button", { name: "Refund" }), { max: 10 });

    // Escape closes it and focus goes back to the Refund button that opened it.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();

    // Space opens it too; Cancel by keyboard also returns focus.
    await page.keyboard.press("Space");
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole("button", { name: "Cancel" }), { max: 10 });
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test("Enter alone does not refund; Ctrl+Enter does, with the button disabled in flight and the result announced", async ({ page }) => {
    const { paymentId } = await customerPays(page, { amount: "80.00", auth: false });
    await page.goto(`/transactions/${paymentId}`);
    const opener = page.getByRole("button", { name: "Refund" });
    await tabTo(page, opener);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Refund payment" });
    const amount = dialog.getByLabel(/Amount/);
    const reason = dialog.getByLabel("Reason");
    const submit = dialog.getByRole("button", { name: "Refund" });
    await expect(amount).toBeFocused();

    let refundPosts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith(`/api/transactions/${paymentId}/refunds`)) refundPosts++;
    });

    // 3.3.1: Ctrl+Enter without a reason: the error is shown on the field, focus goes to it, nothing is sent.
    await page.keyboard.press("Control+Enter");
    await expect(reason).toHaveAttribute("aria-invalid", "true");
    await expect(reason).toBeFocused();
    await expect(reason).toHaveAccessibleDescription(/./);
    expect(refundPosts).toBe(0);

    // Fill it in with keys: the arrow key picks a reason, Shift+Tab back to the amount, select all and type.
    await page.keyboard.press("ArrowDown");
    await expect(reason).not.toHaveValue("");
    await page.keyboard.press("Shift+Tab");
    await expect(amount).toBeFocused();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("10.00");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("Note")).toBeFocused();
    await page.keyboard.type("Goodwill, by keyboard");

    // Enter alone in the note starts a new line and sends nothing (#13: the note box is a field like the others).
    await page.keyboard.press("Enter");
    await expect(dialog.getByLabel("Note")).toHaveValue("Goodwill, by keyboard\n");
    // Enter alone in a text field: nothing is sent, the dialog stays.
    await tabTo(page, amount, { back: true, max: 5 });
    await page.keyboard.press("Enter");
    // The key has been handled and its result painted: a submit would have made the button busy by then.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect(submit).not.toHaveAttribute("aria-busy", "true");
    await expect(submit).toBeEnabled();
    expect(refundPosts, "Enter alone must not send a refund").toBe(0);
    await expect(dialog).toBeVisible();
    // The dialog says how to submit; Ctrl+Enter works from the note box too (#13), so send it from there.
    await expect(dialog.getByTestId("submit-hint")).toHaveText(/(Ctrl|⌘)\+Enter to submit/);
    await tabTo(page, dialog.getByLabel("Note"), { max: 5 });

    // Ctrl+Enter sends it. The gateway holds its answer until the checks are done (not for a fixed time, which a
    // loaded machine can use up before they run), so the in-flight state can be seen: the button is disabled and
    // busy, and Escape does not close the dialog while the refund is on its way.
    // A partial refund goes by the partial-refund call, or by CREDITVOID for a payment with no payer IPv4 address
    // on record (this one came from the merchant's website): either is held.
    for (const operation of ["partial_refund", "creditvoid"]) {
      const hold = await page.request.post(`${e2eUrls.sandbox}/__sandbox/faults`, {
        data: { operation, fault: "latency", latencyMs: 60_000, untilReleased: true, times: 1 },
      });
      expect(hold.ok()).toBe(true);
    }
    try {
      await page.keyboard.press("Control+Enter");
      await expect(submit).toBeDisabled();
      await expect(submit).toHaveAttribute("aria-busy", "true");
      // The refund is at the gateway now, still unanswered.
      await expect
        .poll(async () => ((await (await page.request.get(`${e2eUrls.sandbox}/__sandbox/faults/held`)).json()) as { held: number }).held)
        .toBe(1);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeVisible();
      await expect(submit).toBeDisabled();
      expect(await focusIsInOpenDialog(page), "focus stays in the dialog while busy").toBe(true);
    } finally {
      // Clearing the faults lets the held answer go.
      await page.request.delete(`${e2eUrls.sandbox}/__sandbox/faults`);
    }

    // 4.1.3: the result is announced in a status region, and focus is back on the opener.
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "The refund was accepted by the gateway." })).toBeVisible();
    expect(refundPosts).toBe(1);
    await expect(opener).toBeFocused();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Partially refunded");
  });
});

test.describe("WCAG 2.1.1 / 3.3.1 / 4.1.3: the new payment form by keyboard alone", () => {
  test.beforeEach(async ({ page }) => {
    await signedInAs(page, E2E_USERS.backOffice);
    await page.goto("/overview");
  });

  test("no interface to pick: Space on “Save the card” asks for the billing address; errors are announced with focus on the first invalid field; an S2S sale is completed and submitted", async ({
    page,
  }) => {
    await page.goto("/payments/new");
    await expect(page.getByRole("heading", { level: 1, name: "New payment" })).toBeVisible();
    // Wait for hydration: the generated order id is filled in by the client.
    await expect(page.getByLabel("Order id")).not.toHaveValue("");
    // #13: staff never pick the gateway's interface (no tabs); saving the card brings the billing address.
    await expect(page.getByRole("tab")).toHaveCount(0);
    const save = page.getByRole("checkbox", { name: "Save the card" });
    await tabTo(page, save, { max: 30 });
    await page.keyboard.press("Space");
    await expect(page.getByLabel("Postal code")).toBeVisible();
    await page.keyboard.press("Space");
    await expect(page.getByLabel("Postal code")).toHaveCount(0);

    // Submit empty with the keyboard: errors announced (role=alert), focus on the first invalid field (Amount).
    const submit = page.getByRole("button", { name: "Take payment" });
    await tabTo(page, submit);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alert").filter({ hasText: /fields? need/ })).toBeVisible();
    const amount = page.getByLabel("Amount");
    await expect(amount).toBeFocused();
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await expect(amount).toHaveAccessibleDescription(/./);

    // Complete the form, field by field, with Tab and typing only (a card approved without a challenge).
    const fill = async (label: string, text: string) => {
      const field = page.getByRole("textbox", { name: label, exact: true });
      await tabTo(page, field, { max: 12 });
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type(text);
    };
    // In the order a caller speaks: the amount, the card, then who they are (Tab only ever moves forward here).
    await page.keyboard.type("42.50");
    await fill("Card number", "4111111111111111");
    await fill("Expiry month", "01");
    await fill("Expiry year", "2038");
    await fill("Security code (CVV)", "123");
    await fill("First name", "Noura");
    await fill("Last name", "Saleh");
    await fill("E-mail", "noura.keyboard@example.com");
    await fill("Phone", "+966500000001");
    // Typed digit by digit, the card number is grouped in fours.
    await expect(page.getByLabel("Card number")).toHaveValue("4111 1111 1111 1111");
    // Past the order's details the dashboard filled in (order id, description) and the two options.
    await tabTo(page, submit, { max: 8 });
    await page.keyboard.press("Enter");

    // 4.1.3: the result is announced, and focus moves to it.
    await expect(page.getByRole("status").filter({ hasText: /^Paid/ })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("heading", { name: /Payment result/ })).toBeFocused();
    // And the next step is reachable: Tab to "Open the payment", Enter opens it.
    await tabTo(page, page.getByRole("link", { name: "Open the payment" }), { max: 5 });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
  });
});

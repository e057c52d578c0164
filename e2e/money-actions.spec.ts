// Captures, voids and refunds driven through the dashboard in Chromium, on payments that customers made on the
// merchant's website (straight at the sandbox): the sandbox's notification puts each one in the ledger.
// Rules guarded: capture at most once (full or partial); void only an uncaptured authorization; refunds never
// exceed the refundable balance (shown before submit, enforced by the server); a refund above the approval limit
// waits for a second person, who cannot be the requester; a read-only user sees no refund action and the API
// refuses them (403) when called directly.
import { expect, test, type Page } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { newOrderId, startFormSale } from "../scripts/lib/merchant-server";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

/** A customer pays on the merchant's website; returns the order id once the dashboard's ledger has it. */
async function customerPays(page: Page, opts: { amount: string; auth: boolean }): Promise<string> {
  const orderId = newOrderId(opts.auth ? "e2e-auth" : "e2e-sale");
  await startFormSale(e2eUrls.sandbox, {
    orderId,
    card: "4111111111111111",
    expMonth: "01",
    expYear: "2038",
    email: `customer.${orderId}@example.com`,
    termUrl: `${e2eUrls.app}/payments/return`,
    amount: opts.amount,
    auth: opts.auth,
  });
  await expect
    .poll(
      async () =>
        (await page.request.get(`/api/transactions?q=${encodeURIComponent(orderId)}`))
          .json()
          .then((j: { items?: unknown[] }) => j.items?.length ?? 0),
      {
        timeout: 20_000,
        message: "the sandbox's notification should put the payment in the ledger",
      },
    )
    .toBe(1);
  return orderId;
}

async function openPayment(page: Page, orderId: string) {
  const list = (await (await page.request.get(`/api/transactions?q=${encodeURIComponent(orderId)}`)).json()) as {
    items: Array<{ id: string }>;
  };
  await page.goto(`/transactions/${list.items[0]!.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(orderId);
}

const amounts = (page: Page) => page.getByRole("region", { name: "Amounts" });

test("back office captures an authorization in full; it cannot be captured twice", async ({ page }) => {
  await signedInAs(page, E2E_USERS.backOffice);
  const orderId = await customerPays(page, { amount: "100.00", auth: true });
  await openPayment(page, orderId);
  await page.getByRole("button", { name: "Capture" }).click();
  const dialog = page.getByRole("dialog", { name: "Capture payment" });
  await expect(dialog.getByLabel(/Amount to capture/)).toHaveValue("100.00");
  await dialog.getByRole("button", { name: "Capture" }).click();
  await expect(page.getByText("The payment was captured.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Captured");
  await expect(page.getByRole("button", { name: "Capture" })).toHaveCount(0);
  // Back office may not refund: the action is there, disabled, with the reason.
  const refund = page.getByRole("button", { name: "Refund" });
  await expect(refund).toHaveAttribute("aria-disabled", "true");
  await refund.focus();
  await expect(page.getByText("You need the REFUNDS_CREATE permission.")).toBeVisible();
});

test("back office captures part of an authorization; only that part becomes refundable", async ({ page }) => {
  await signedInAs(page, E2E_USERS.backOffice);
  const orderId = await customerPays(page, { amount: "80.00", auth: true });
  await openPayment(page, orderId);
  await page.getByRole("button", { name: "Capture" }).click();
  const dialog = page.getByRole("dialog", { name: "Capture payment" });
  await dialog.getByLabel(/Amount to capture/).fill("60.00");
  await dialog.getByRole("button", { name: "Capture" }).click();
  await expect(page.getByText("The payment was captured.")).toBeVisible();
  await expect(amounts(page)).toContainText("SAR 60.00");
});

test("back office voids an authorization", async ({ page }) => {
  await signedInAs(page, E2E_USERS.backOffice);
  const orderId = await customerPays(page, { amount: "45.00", auth: true });
  await openPayment(page, orderId);
  await page.getByRole("button", { name: "Void" }).click();
  await page.getByRole("dialog", { name: "Void authorization" }).getByRole("button", { name: "Void" }).click();
  await expect(page.getByText("The authorization was voided.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Voided");
});

test("finance refunds a payment in full", async ({ page }) => {
  await signedInAs(page, E2E_USERS.finance);
  const orderId = await customerPays(page, { amount: "75.00", auth: false });
  await openPayment(page, orderId);
  await page.getByRole("button", { name: "Refund" }).click();
  const dialog = page.getByRole("dialog", { name: "Refund payment" });
  await expect(dialog).toContainText("Refundable balance: SAR 75.00");
  await expect(dialog.getByText("A refund cannot be undone")).toBeVisible();
  await expect(dialog.getByLabel(/Amount/)).toHaveValue("75.00");
  await dialog.getByLabel("Reason").selectOption("customer_request");
  // Enter alone does not send a refund.
  await dialog.getByLabel(/Amount/).press("Enter");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/Amount/).press("Control+Enter");
  await expect(page.getByText("The refund was accepted by the gateway.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Refunded");
});

test("finance refunds in two parts until nothing is left; asking for more than the balance is refused with the balance", async ({
  page,
}) => {
  await signedInAs(page, E2E_USERS.finance);
  const orderId = await customerPays(page, { amount: "100.00", auth: false });
  await openPayment(page, orderId);
  const refund = async (amount: string) => {
    await page.getByRole("button", { name: "Refund" }).click();
    const dialog = page.getByRole("dialog", { name: "Refund payment" });
    await dialog.getByLabel(/Amount/).fill(amount);
    await dialog.getByLabel("Reason").selectOption("other");
    await dialog.getByLabel("Note").fill("Partial goodwill refund");
    await dialog.getByRole("button", { name: "Refund" }).click();
    return dialog;
  };
  await refund("30.00");
  await expect(page.getByText("The refund was accepted by the gateway.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Partially refunded");
  const refused = await refund("80.00");
  await expect(refused.getByRole("alert")).toContainText("refundable balance of SAR 70.00");
  await refused.getByRole("button", { name: "Cancel" }).click();
  await refund("70.00");
  await expect(page.getByText("The refund was accepted by the gateway.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Refunded");
  await expect(page.getByRole("button", { name: "Refund" })).toHaveCount(0);
});

test("a refund above the limit waits for a second person; the requester cannot approve it; the approver's approval sends it", async ({
  page,
  browser,
}) => {
  await signedInAs(page, E2E_USERS.finance);
  const orderId = await customerPays(page, { amount: "2000.00", auth: false });
  await openPayment(page, orderId);
  await page.getByRole("button", { name: "Refund" }).click();
  const dialog = page.getByRole("dialog", { name: "Refund payment" });
  await dialog.getByLabel(/Amount/).fill("1500.00");
  await dialog.getByLabel("Reason").selectOption("duplicate");
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(page.getByText("waits for a second person")).toBeVisible();
  await page.goto("/refunds");
  const item = page.getByRole("listitem").filter({ hasText: orderId });
  await expect(item.getByRole("button", { name: "Approve" })).toHaveAttribute("aria-disabled", "true");

  const adminContext = await browser.newContext({ baseURL: e2eUrls.app });
  const admin = await adminContext.newPage();
  await signedInAs(admin, E2E_USERS.admin);
  await admin.goto("/refunds");
  await admin.getByRole("listitem").filter({ hasText: orderId }).getByRole("button", { name: "Approve" }).click();
  // Approving is irreversible: it asks first (#13), naming the requester.
  const confirm = admin.getByRole("dialog", { name: "Approve this refund?" });
  await expect(confirm).toContainText(E2E_USERS.finance.name);
  await confirm.getByRole("button", { name: "Approve refund" }).click();
  await expect(admin.getByText("The refund was accepted by the gateway.")).toBeVisible();
  await adminContext.close();

  await openPayment(page, orderId);
  await expect(amounts(page)).toContainText("SAR 1,500.00");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Partially refunded");
});

test("a read-only user sees no refund action, and the refund endpoint refuses them with 403", async ({ page }) => {
  await signedInAs(page, E2E_USERS.reader);
  const orderId = await customerPays(page, { amount: "20.00", auth: false });
  await openPayment(page, orderId);
  await expect(page.getByText("Your role can view this payment but not capture, void or refund it.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Refund" })).toHaveCount(0);
  const id = page.url().split("/").pop()!;
  const res = await page.request.post(`/api/transactions/${id}/refunds`, {
    headers: { origin: e2eUrls.app },
    data: { amount: "20.00", reasonCode: "customer_request", note: "", idempotencyKey: "k_readonlyattempt0001" },
  });
  expect(res.status()).toBe(403);
  expect((await res.json()).error.code).toBe("forbidden");
});

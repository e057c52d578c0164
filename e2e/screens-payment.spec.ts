// The payment page as a screen (#13 "Truth on the payment page", "Fresh data after every action"). Rules guarded,
// each named in its test: opening the page is not an event (5 opens, no new timeline entry); the header shows
// what was captured after a partial capture; "At the gateway" speaks the dashboard's language (raw values only in
// the toggle); after a refund every figure shows the new state; an open dialog never keeps a balance the server
// refused, and a server error goes when its field is edited; Ctrl+Enter submits from the note; screenshots at
// 1440 and 390 px with axe, and axe on each money dialog.
import { expect, test, type Page } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { axeViolations } from "./support/axe";
import { shootScreen } from "./support/screens";
import { customerPays } from "./support/seed-payments";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

const timelineItems = (page: Page) => page.getByTestId("timeline").getByRole("listitem");
const headline = (page: Page) => page.getByTestId("payment-headline");
const amounts = (page: Page) => page.getByRole("region", { name: "Amounts" });
const gatewayPanel = (page: Page) => page.getByRole("region", { name: "At the gateway" });

/**
 * The timeline's entries as the reader sees them once the page has hydrated. The server and the browser both render
 * each moment in the reader's display zone (no "UTC" placeholder any more); the check that no "UTC" suffix is left
 * guards that a page never shows the server's interim text.
 */
async function hydratedTimeline(page: Page): Promise<string[]> {
  await expect(page.getByTestId("timeline").locator("time").first()).toBeVisible();
  await expect(page.getByTestId("timeline")).not.toContainText(/\bUTC\b/);
  return timelineItems(page).allInnerTexts();
}

test("Done-when: opening a payment's page 5 times adds no timeline entry (page-load gateway reads are not events)", async ({ page }) => {
  await signedInAs(page, E2E_USERS.finance);
  const { paymentId } = await customerPays(page, { amount: "25.00", auth: false });
  await page.goto(`/transactions/${paymentId}`);
  await expect(gatewayPanel(page)).toContainText("Captured");
  const before = await hydratedTimeline(page);
  for (let i = 0; i < 5; i++) {
    await page.reload();
    await expect(gatewayPanel(page)).toContainText("Captured"); // the live gateway reads were made
  }
  const after = await hydratedTimeline(page);
  expect(after).toEqual(before);
  expect(after.join("\n")).not.toMatch(/Gateway call|status|transaction details/i);
});

test("after a partial capture the header shows what was captured, not the authorized amount; the dialog names Ctrl+Enter and passes axe", async ({
  page,
}) => {
  await signedInAs(page, E2E_USERS.backOffice);
  const { paymentId } = await customerPays(page, { amount: "100.00", auth: true });
  await page.goto(`/transactions/${paymentId}`);
  await expect(headline(page)).toContainText("SAR 100.00 authorized");
  // While it is authorized: until when the money is held (the card brand's hold period).
  await expect(amounts(page)).toContainText(/The money is held until about .+: capture it before then/);
  await page.getByRole("button", { name: "Capture" }).click();
  const dialog = page.getByRole("dialog", { name: "Capture payment" });
  await expect(dialog.getByTestId("submit-hint")).toHaveText(/(Ctrl|⌘)\+Enter to submit/);
  expect(await axeViolations(page), "axe on the capture dialog").toEqual([]);
  await dialog.getByLabel(/Amount to capture/).fill("60.00");
  // Enter alone does nothing; Ctrl+Enter captures.
  await dialog.getByLabel(/Amount to capture/).press("Enter");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/Amount to capture/).press("Control+Enter");
  await expect(page.getByText("The payment was captured.")).toBeVisible();
  await expect(headline(page)).toContainText(/SAR\s60\.00 captured of 100\.00 authorized/);
  await expect(amounts(page)).toContainText("SAR 60.00");
  // The rest of the authorization went back to the card, and the page says so.
  await expect(amounts(page)).toContainText(/SAR\s40\.00 of the authorization was not captured: the hold on it was released/);
  await expect(page.getByTestId("action-list")).toContainText("Succeeded");
  await expect(page.getByTestId("timeline")).toContainText("Capture sent to the gateway");
});

test("'At the gateway' shows labels, not gateway enums; the raw values are in a toggle and on hover", async ({ page }) => {
  await signedInAs(page, E2E_USERS.finance);
  const { paymentId } = await customerPays(page, { amount: "30.00", auth: false });
  await page.goto(`/transactions/${paymentId}`);
  const panel = gatewayPanel(page);
  await expect(panel).toContainText("Sale (charged at once)");
  await expect(panel).toContainText("Not yet paid out");
  await expect(panel.getByText("Captured", { exact: true })).toHaveAttribute("title", /Gateway value: SETTLED/i);
  await expect(panel.getByText("NOT_SETTLED")).toBeHidden();
  await panel.getByText("Gateway's own values").click();
  await expect(panel.getByText("NOT_SETTLED")).toBeVisible();
  // The one card mask, with the BIN on the payment page.
  await expect(page.getByRole("region", { name: "Customer and card" })).toContainText("VISA 4111 11•• •••• 1111");
});

test("after a refund every figure is fresh; a stale dialog shows the server's balance; a server error goes on edit; Ctrl+Enter from the note", async ({
  page,
}) => {
  await signedInAs(page, E2E_USERS.finance);
  const { paymentId } = await customerPays(page, { amount: "100.00", auth: false });
  await page.goto(`/transactions/${paymentId}`);

  // Ctrl+Enter from the note box sends the refund; Enter alone there only starts a new line.
  await page.getByRole("button", { name: "Refund" }).click();
  let dialog = page.getByRole("dialog", { name: "Refund payment" });
  await expect(dialog.getByTestId("submit-hint")).toBeVisible();
  await dialog.getByLabel(/Amount/).fill("30.00");
  await dialog.getByLabel("Reason").selectOption("customer_request");
  const note = dialog.getByLabel("Note");
  await note.fill("Goodwill");
  await note.press("Enter");
  await expect(dialog).toBeVisible();
  await note.press("Control+Enter");
  await expect(page.getByText("The refund was accepted by the gateway.")).toBeVisible();
  // Every figure: header, balances, actions list, timeline.
  await expect(headline(page)).toContainText(/SAR\s30\.00 refunded/);
  await expect(amounts(page)).toContainText("SAR 70.00");
  await expect(page.getByTestId("action-list")).toContainText("Refund");
  await expect(page.getByTestId("timeline")).toContainText(/Refund of SAR\s30\.00 succeeded/);

  // A dialog opened before someone else's refund: the server refuses and the dialog shows its balance.
  await page.getByRole("button", { name: "Refund" }).click();
  dialog = page.getByRole("dialog", { name: "Refund payment" });
  await expect(dialog.getByTestId("refundable-balance")).toHaveText(/SAR\s70\.00/);
  expect(await axeViolations(page), "axe on the refund dialog").toEqual([]);
  const elsewhere = await page.request.post(`/api/transactions/${paymentId}/refunds`, {
    headers: { origin: e2eUrls.app },
    data: { amount: "50.00", reasonCode: "duplicate", note: "", idempotencyKey: `k_elsewhere${Date.now()}` },
  });
  expect(elsewhere.ok()).toBe(true);
  await dialog.getByLabel(/Amount/).fill("60.00");
  await dialog.getByLabel("Reason").selectOption("customer_request");
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(dialog.getByRole("alert")).toContainText("SAR 20.00");
  await expect(dialog.getByTestId("refundable-balance")).toHaveText(/SAR\s20\.00/);
  await expect(dialog).not.toContainText("70.00");
  const amount = dialog.getByLabel(/Amount/);
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await amount.fill("20.00");
  await expect(amount).not.toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(amounts(page)).toContainText("SAR 20.00");
});

test("screens: the payment page at 1440 and 390 px (axe at both), and the void confirmation passes axe", async ({ page }) => {
  await signedInAs(page, E2E_USERS.backOffice);
  const { paymentId } = await customerPays(page, { amount: "45.00", auth: true });
  await page.goto(`/transactions/${paymentId}`);
  await page.getByRole("button", { name: "Void" }).click();
  const dialog = page.getByRole("dialog", { name: "Void authorization" });
  await expect(dialog).toContainText("cannot be undone");
  expect(await axeViolations(page), "axe on the void confirmation").toEqual([]);
  await dialog.getByRole("button", { name: "Keep it" }).click();
  await expect(gatewayPanel(page)).toContainText("Authorized, not captured");
  await shootScreen(page, "payment");
});

// Saved cards screen (#13): the e-mail lookup is case-insensitive, like the transactions filter — a customer who
// paid as "Mixed.Case@…" is found when staff type it in lower case, and the card shows as the one card mask
// ("VISA •••• 1111"). The charge dialog (loaded on demand) passes axe; the result links to the customer's page.
// Screenshots at 1440 and 390 px with axe at each width.
import { expect, test } from "./support/test";
import { newOrderId } from "../scripts/lib/merchant-server";
import { axeViolations } from "./support/axe";
import { shootScreen } from "./support/screens";
import { paymentIdOf, websiteRecurringSale } from "./support/seed-payments";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

test("a mixed-case e-mail's saved card is found by the e-mail typed in lower case, and opens the customer page", async ({ page }) => {
  await signedInAs(page, E2E_USERS.backOffice);
  await page.goto("/overview");
  const orderId = newOrderId("e2e-case");
  const email = `Mixed.Case.${orderId}@Example.com`;
  await websiteRecurringSale(orderId, email, { saveCard: true });
  await paymentIdOf(page, orderId);

  await page.goto("/saved-cards");
  await expect(page.getByText("Any case: every spelling of this e-mail used at payment is looked up.")).toBeVisible();
  await page.getByLabel("Customer e-mail").fill(email.toLowerCase());
  await page.getByRole("button", { name: "Find cards" }).click();
  const cards = page.getByRole("region", { name: `Saved cards of ${email.toLowerCase()}` });
  await expect(cards.getByText("VISA •••• 1111")).toBeVisible();
  await expect(cards.getByText("411111******1111")).toHaveCount(0); // one card mask, not the gateway's
  await shootScreen(page, "saved-cards");

  await cards.getByRole("button", { name: "Charge this card" }).click();
  const dialog = page.getByRole("dialog", { name: "Charge this card" });
  await expect(dialog).toBeVisible();
  // The charge goes to the spelling that saved the card.
  await expect(dialog.getByText(email, { exact: true })).toBeVisible();
  expect(await axeViolations(page), "axe on the charge dialog").toEqual([]);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);

  await cards.getByRole("link", { name: "Open the customer" }).click();
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
  expect(page.url()).not.toContain("example.com");
  await expect(page.getByTestId("customer-email")).toHaveText(email);
});

// The Recurring screen (#13), as back-office staff use it. Rules guarded: staff never pick "v2 JSON / form
// RECURRING_SALE" (configuration decides: RECURRING_INTERFACE, v2 here) in "Charge now" or "Create plan", and the
// form interface's whole-units rule is not mentioned when it does not apply; the row's actions do not move when a
// charge's result and the refreshed row come in (bounding boxes compared before and after); the card is shown with
// the one mask. Screenshots at 1440 and 390 px, axe at each width and on both dialogs.
import { expect, test, type Locator } from "./support/test";
import { axeViolations } from "./support/axe";
import { customerPaysWithRecurring } from "./support/seed-payments";
import { shootScreen } from "./support/screens";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

/** The element's box relative to the customer's card: other customers' cards (charged by the plan scheduler of
 * other tests meanwhile) may grow above it; what must not move is the button within its own row. */
const boxIn = async (l: Locator, container: Locator) => {
  const [b, c] = [await l.boundingBox(), await container.boundingBox()];
  expect(b && c, `${l.toString()} should be on screen`).toBeTruthy();
  return { x: b!.x - c!.x, y: b!.y - c!.y, width: b!.width, height: b!.height };
};

test.describe("Recurring screen (#13)", () => {
  test.beforeEach(async ({ page }) => {
    await signedInAs(page, E2E_USERS.backOffice);
    await page.goto("/overview");
  });

  test("no interface picker in Charge now or Create plan, no whole-units talk under v2; the actions keep their place after a charge", async ({
    page,
  }) => {
    const { orderId, email } = await customerPaysWithRecurring(page);
    await page.goto("/recurring");
    const customer = page.getByRole("region", { name: email, exact: true });
    await expect(customer.getByRole("link", { name: orderId })).toBeVisible();
    await expect(customer.getByText("•••• 1111")).toBeVisible();
    await expect(customer.getByText("Never charged")).toBeVisible();

    // Create plan: no interface, no whole-units rule (v2 takes decimals); axe on the dialog.
    await customer.getByRole("button", { name: "Create plan" }).click();
    const plan = page.getByRole("dialog", { name: "Create plan" });
    await expect(plan).toBeVisible();
    await expect(plan.getByLabel("Interface")).toHaveCount(0);
    await expect(plan.getByText(/whole units|RECURRING_SALE|v2 JSON|interface/i)).toHaveCount(0);
    expect(await axeViolations(page), "axe with the Create plan dialog open").toEqual([]);
    await plan.getByRole("button", { name: "Cancel" }).click();
    await expect(plan).toHaveCount(0);

    const chargeNow = customer.getByRole("button", { name: "Charge now" });
    const createPlan = customer.getByRole("button", { name: "Create plan" });
    const before = { charge: await boxIn(chargeNow, customer), plan: await boxIn(createPlan, customer) };

    await chargeNow.click();
    const dialog = page.getByRole("dialog", { name: "Charge now" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Interface")).toHaveCount(0);
    await expect(dialog.getByText(/whole units|RECURRING_SALE|v2 JSON|interface/i)).toHaveCount(0);
    await expect(dialog.getByText("Charged in the first payment's currency.")).toBeVisible();
    expect(await axeViolations(page), "axe with the Charge now dialog open").toEqual([]);
    await dialog.getByLabel(/Amount/).fill("19.99");
    await dialog.getByLabel("Description").fill("Monthly plan");
    await shootScreen(page, "recurring-charge-now-dialog", { fullPage: false });
    await dialog.getByRole("button", { name: "Charge" }).click();
    await expect(dialog).toHaveCount(0);

    // The result line fills and the refreshed row shows the charge: the buttons have not moved.
    await expect(customer.getByRole("status").filter({ hasText: "The charge succeeded" })).toBeVisible();
    await expect(customer.getByRole("link", { name: /19\.99/ })).toBeVisible();
    await expect(customer.getByText("Captured", { exact: true })).toBeVisible();
    const after = { charge: await boxIn(chargeNow, customer), plan: await boxIn(createPlan, customer) };
    for (const k of ["charge", "plan"] as const) {
      for (const d of ["x", "y", "width", "height"] as const) {
        expect(Math.abs(after[k][d] - before[k][d]), `${k} button ${d} before ${before[k][d]}, after ${after[k][d]}`).toBeLessThanOrEqual(
          0.5,
        );
      }
    }
    await shootScreen(page, "recurring");
  });
});

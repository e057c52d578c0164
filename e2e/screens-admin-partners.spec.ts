// #13 Partners screen. Rules guarded: the gateway has no partner list, so the page offers the partners the
// dashboard has seen in transaction details (the business-unit hierarchy the gateway-call log holds) and keeps
// delete-by-id for others; deleting asks for confirmation with the consequence stated (ConfirmDialog, axe-clean),
// and "Keep as is" deletes nothing. Screenshots at 1440 and 390 px.
import { expect, test } from "./support/test";
import { axeViolations } from "./support/axe";
import { shootScreen } from "./support/screens";
import { customerPays } from "./support/seed-payments";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

test("partners seen in transaction details are offered; delete asks first, saying it cannot be undone", async ({ page }) => {
  await signedInAs(page, E2E_USERS.admin);
  await page.goto("/overview");
  // A payment whose details the dashboard reads from the gateway: its hierarchy names the sandbox's partner.
  const { paymentId } = await customerPays(page, { amount: "12.00", auth: false });
  await page.goto(`/transactions/${paymentId}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await expect
    .poll(
      async () => {
        await page.goto("/admin/partners");
        return page.getByRole("region", { name: "Partners the dashboard knows" }).getByText("Sandbox Partner").count();
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  const known = page.getByRole("region", { name: "Partners the dashboard knows" });
  await expect(known.getByText("الشريك التجريبي")).toHaveAttribute("dir", "auto");
  await expect(page.getByRole("region", { name: "Delete another partner" }).getByRole("textbox", { name: "Partner id" })).toBeVisible();
  await shootScreen(page, "admin-partners");

  await known.getByRole("button", { name: "Delete Sandbox Partner" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete the partner Sandbox Partner?" });
  await expect(dialog).toContainText("cannot be undone");
  await expect(dialog).toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  expect(await axeViolations(page), "axe on the delete-partner confirmation").toEqual([]);
  await shootScreen(page, "admin-partners-confirm", { fullPage: false });
  await dialog.getByRole("button", { name: "Keep as is" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Partner deleted" })).toHaveCount(0);

  // Confirmed: the gateway's answer is shown on the page (the sandbox holds no partner under this business unit's id).
  await known.getByRole("button", { name: "Delete Sandbox Partner" }).click();
  await dialog.getByRole("button", { name: "Delete partner", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("alert").filter({ hasText: "No partner with this id at the gateway" })).toContainText("Sandbox Partner");
});

// #13 Branches screen. Rule guarded: a branch's place reads as names, not ids: the country from its numeric ISO
// code (Intl.DisplayNames: "682" → "Saudi Arabia"), the city by name where the gateway gives one, else "City <id>"
// (the contract's branch has a city id only); on a phone the list is cards, with no sideways scroll. Screenshots at 1440 and 390 px with axe at both.
import { expect, test } from "./support/test";
import { scrollsSideways, shootScreen, WIDTHS } from "./support/screens";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

test("branches show the country's name and the city, never a bare country code; 1440 and 390 px", async ({ page }) => {
  await signedInAs(page, E2E_USERS.admin);
  await page.goto("/admin/branches?text=Riyadh%20Malaz");
  const table = page.getByRole("table", { name: "Branches" });
  await expect(table.getByRole("columnheader", { name: "Country" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "City" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: /code|ID/ })).toHaveCount(0);
  const row = table.locator("tbody tr").first();
  await expect(row).toContainText("Saudi Arabia");
  await expect(row).not.toContainText("682");
  await expect(row).toContainText("City 1");
  await expect(row.getByText("Saudi Arabia")).toHaveAttribute("title", "ISO code 682");

  await page.goto("/admin/branches");
  await expect(table.locator("tbody tr")).toHaveCount(10);
  await shootScreen(page, "admin-branches");
  // On a phone each branch is a card: the page does not scroll sideways.
  await page.setViewportSize(WIDTHS.phone);
  expect(await scrollsSideways(page)).toBe(false);
});

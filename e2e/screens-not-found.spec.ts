// #13 Not-found screens (done in #12, verified here). Rule guarded: /nonexistent and /transactions/not-an-id answer
// with status 404, inside the dashboard's frame (its navigation), say so, and offer a way back to the Overview that
// works. Screenshots at 1440 and 390 px with axe.
import { expect, test } from "./support/test";
import { shootScreen } from "./support/screens";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

for (const path of ["/nonexistent", "/transactions/not-an-id"]) {
  test(`${path} answers 404 in the dashboard's frame, with a link back to the Overview`, async ({ page }) => {
    await signedInAs(page, E2E_USERS.admin);
    const res = await page.goto(path);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await shootScreen(page, `not-found${path.replace(/\//g, "-")}`);
    await page.getByRole("main").getByRole("link", { name: "Back to Overview" }).click();
    await expect(page).toHaveURL(/\/overview$/);
  });
}

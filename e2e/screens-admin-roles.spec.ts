// #13 Roles screens. Rules guarded: a role must grant at least one permission (one shared schema: the form and the
// API refuse an empty role with the same message); leaving an edited role form asks first (in-app links and
// closing the tab), an untouched one does not; the new-user dialog says what each role allows in one line.
// Screenshots at 1440 and 390 px with axe.
import { expect, test } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { axeViolations } from "./support/axe";
import { shootScreen } from "./support/screens";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

const NO_PERMISSION = "Choose at least one permission: a role must allow something.";

test("a role without permissions is refused, by the form and by the API, with the same message", async ({ page }) => {
  await signedInAs(page, E2E_USERS.admin);
  await page.goto("/admin/roles/new");
  await page.getByLabel("Name").fill(`Empty ${Date.now().toString(36)}`);
  await page.getByRole("button", { name: "Create role" }).click();
  await expect(page.getByText(NO_PERMISSION)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/roles\/new$/);
  // From the top: a full-page picture taken scrolled down draws the sticky top bar mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shootScreen(page, "admin-roles-new-error");

  const res = await page.request.post("/api/admin/roles", {
    headers: { origin: e2eUrls.app },
    data: { name: `Empty api ${Date.now().toString(36)}`, description: "", permissions: [] },
  });
  expect(res.status()).toBe(400);
  expect(JSON.stringify(await res.json())).toContain(NO_PERMISSION);
});

test("leaving an edited role form asks first; an untouched form lets go", async ({ page }) => {
  await signedInAs(page, E2E_USERS.admin);
  await page.goto("/admin/roles/new");
  const nav = page.getByRole("navigation", { name: "Main" });
  // Untouched: no question.
  let asked = 0;
  page.on("dialog", (d) => {
    asked++;
    void (d.type() === "confirm" && d.message().includes("not saved") && asked === 1 ? d.dismiss() : d.accept());
  });
  await nav.getByRole("link", { name: "Overview" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  expect(asked).toBe(0);

  await page.goto("/admin/roles/new");
  await page.getByLabel("Name").fill("Half done");
  await nav.getByRole("link", { name: "Overview" }).click(); // dismissed: we stay
  await expect(page).toHaveURL(/\/admin\/roles\/new$/);
  await expect(page.getByLabel("Name")).toHaveValue("Half done");
  expect(asked).toBe(1);
  await nav.getByRole("link", { name: "Overview" }).click(); // accepted: we go
  await expect(page).toHaveURL(/\/overview$/);
  expect(asked).toBe(2);

  // Closing the tab with unsaved changes: the browser's own prompt (beforeunload).
  await page.goto("/admin/roles/new");
  await page.getByLabel("Name").fill("Half done again");
  // Chromium shows the prompt only on a page the person has interacted with (a click gives that), and the guard is
  // armed by an effect after the render the typing caused: both are done once a click and the next frame are past.
  await page.getByLabel("Name").click();
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  const beforeUnload = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  expect((await beforeUnload).type()).toBe("beforeunload");
});

test("the new-user dialog says what each role allows, in one line", async ({ page }) => {
  await signedInAs(page, E2E_USERS.admin);
  await page.goto("/admin/roles");
  await shootScreen(page, "admin-roles");
  await page.goto("/admin/users");
  await page.getByRole("button", { name: "New user" }).click();
  const dialog = page.getByRole("dialog", { name: "New user" });
  // The starter roles' own descriptions (lib/starter-roles.ts), tied to their checkboxes.
  await expect(dialog.getByRole("checkbox", { name: "read-only", exact: true })).toHaveAccessibleDescription(
    "Sees payments and branches; changes nothing.",
  );
  await expect(dialog.getByRole("checkbox", { name: "finance", exact: true })).toHaveAccessibleDescription(/exports payments/);
  expect(await axeViolations(page), "axe on the new-user dialog").toEqual([]);
  await shootScreen(page, "admin-users-new-user-dialog", { fullPage: false });
});

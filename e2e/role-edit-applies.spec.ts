// Rule guarded: the gateway's roles decide what each user may do, through the dashboard's mirror, on the user's
// next request: when a super-admin edits a role's permissions, a user holding that role gains the action, and
// loses it again when the permission is taken away — without signing in again.
import { expect, test, type Page } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

const roleName = `e2e-grant-${Date.now().toString(36)}`;
const picker = (page: Page, module: string, action: string) =>
  page.getByRole("group", { name: module, exact: true }).getByRole("checkbox", { name: action, exact: true });

async function saveRefundsCreate(admin: Page, granted: boolean) {
  await admin.goto(`/admin/roles?text=${encodeURIComponent(roleName)}`);
  await admin.getByRole("link", { name: roleName, exact: true }).click();
  await picker(admin, "Refunds", "Create").setChecked(granted);
  await admin.getByRole("button", { name: "Save role" }).click();
  await expect(admin.getByText("The role was saved at the gateway.")).toBeVisible();
}

test("editing a role's permissions applies to its users on their next request", async ({ page: admin, browser }) => {
  await signedInAs(admin, E2E_USERS.admin);
  await admin.goto("/admin/roles/new");
  await admin.getByRole("textbox", { name: "Name", exact: true }).fill(roleName);
  await admin.getByRole("textbox", { name: "Description", exact: true }).fill("Role edited by the browser test");
  await picker(admin, "Transactions", "View").check();
  await admin.getByRole("button", { name: "Create role" }).click();
  await expect(admin.getByText("The role was created at the gateway.")).toBeVisible();

  // Give the role to the watcher.
  await admin.goto("/admin/users");
  await admin.getByRole("button", { name: `Change roles of ${E2E_USERS.roleWatcher.name}` }).click();
  const dialog = admin.getByRole("dialog", { name: `Roles of ${E2E_USERS.roleWatcher.name}` });
  await dialog.getByLabel(roleName).check();
  await dialog.getByRole("button", { name: "Save roles" }).click();
  await expect(dialog).toHaveCount(0);

  const watcherContext = await browser.newContext({ baseURL: e2eUrls.app });
  const watcher = await watcherContext.newPage();
  await signedInAs(watcher, E2E_USERS.roleWatcher);
  await watcher.goto("/overview");
  const refundsLink = watcher.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Refunds" });
  await expect(refundsLink).toHaveCount(0);

  await saveRefundsCreate(admin, true);
  await watcher.reload();
  await expect(refundsLink).toBeVisible();

  await saveRefundsCreate(admin, false);
  await watcher.reload();
  await expect(refundsLink).toHaveCount(0);
  await watcherContext.close();
});

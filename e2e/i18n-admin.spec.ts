// #15 Arabic and right-to-left, the administration screens (Users, Roles). Rules guarded: an Arabic reader (the
// browser asks for ar-SA, nothing saved for the shared e2e users) gets the pages right-to-left with the words from
// the Arabic catalogs; a user created with an Arabic name is found by the users search, whatever the spelling of
// taa marbuta; a role's permissions are named in Arabic (the codes stay as they are); axe finds nothing on the
// users page, the new-user dialog, the roles page and a role's page.
import { expect, test } from "./support/test";
import arRoles from "../messages/ar/roles.json" with { type: "json" };
import arUsers from "../messages/ar/users.json" with { type: "json" };
import { axeViolations } from "./support/axe";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

test.use({ locale: "ar-SA" });

test("users in Arabic: right-to-left, a user with an Arabic name is created and found by the search", async ({ page }) => {
  await signedInAs(page, E2E_USERS.admin);
  await page.goto("/admin/users");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { level: 1, name: arUsers.title })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: arUsers.table.lastSignIn })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const suffix = Date.now().toString(36);
  const name = `فاطمة الزهراني ${suffix}`;
  const email = `fatima-${suffix}@e2e.test`;
  await page.getByRole("button", { name: arUsers.newUser, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: arUsers.newUserDialog.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: arUsers.newUserDialog.create })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByLabel(arUsers.newUserDialog.email).fill(email);
  await dialog.getByRole("textbox", { name: arUsers.newUserDialog.name, exact: true }).fill(name);
  await dialog.getByLabel(arUsers.newUserDialog.phone).fill("+966501112299");
  await dialog.getByLabel("read-only").check();
  await dialog.getByRole("button", { name: arUsers.newUserDialog.create }).click();
  const created = page.getByRole("dialog", { name: arUsers.newUserDialog.titleCreated });
  await expect(created.getByTestId("invitation-sent")).toContainText(email);
  await created.getByRole("button", { name: arUsers.newUserDialog.done }).click();

  // The search: "فاطمه" (with haa, as often typed) finds "فاطمة"; another name does not show her.
  const search = page.getByRole("search", { name: arUsers.search.form });
  await search.getByLabel(arUsers.search.label).fill(`فاطمه الزهراني ${suffix}`);
  await search.getByRole("button", { name: arUsers.search.submit }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  const rows = page.getByRole("table", { name: arUsers.table.caption }).locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);
  await expect(rows.first()).toContainText(email);
  await search.getByLabel(arUsers.search.label).fill("خالد لا يوجد");
  await search.getByRole("button", { name: arUsers.search.submit }).click();
  await expect(page.getByText(arUsers.search.none)).toBeVisible();
});

test("roles in Arabic: the list and a role's permissions named in Arabic, codes kept", async ({ page }) => {
  await signedInAs(page, E2E_USERS.admin);
  await page.goto("/admin/roles");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: arRoles.title })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: arRoles.table.permissions })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "finance", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/roles\/[0-9a-f-]{36}/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const refunds = page.getByRole("group", { name: arRoles.modules.REFUNDS, exact: true });
  await expect(refunds.getByRole("checkbox", { name: arRoles.permissions.REFUNDS_APPROVE })).toBeVisible();
  await expect(refunds).toContainText("REFUNDS_APPROVE");
  await expect(page.getByRole("group", { name: arRoles.picker.legend, exact: true })).toContainText(arRoles.modules.TRANSACTIONS);
  expect(await axeViolations(page)).toEqual([]);
});

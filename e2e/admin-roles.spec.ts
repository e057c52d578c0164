// Roles administration in Chromium, against the run's sandbox gateway. Rules guarded: a super-admin creates a role
// with the permission picker (one fieldset per module) and lands on its page; a duplicate name in another letter
// case is refused on the name field (the gateway's 409); editing the permissions sticks (the page re-reads the
// gateway); a role the gateway does not know is the not-found page; permissions the gateway drops are reported.
import { expect, test, type Page } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

const roleName = `e2e-role-${Date.now().toString(36)}`;

const picker = (page: Page, module: string, action: string) =>
  page.getByRole("group", { name: module, exact: true }).getByRole("checkbox", { name: action, exact: true });

test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ page }) => {
  await signedInAs(page, E2E_USERS.admin);
  await page.goto("/overview");
});

test("a super-admin creates a role with the permission picker and lands on its page", async ({ page }) => {
  await page.goto("/admin/roles");
  await expect(page.getByRole("heading", { level: 1, name: "Roles" })).toBeVisible();
  await expect(page.getByRole("link", { name: "finance", exact: true })).toBeVisible(); // the gateway's seeded roles
  await page.getByRole("link", { name: "New role" }).click();
  await expect(page).toHaveURL(/\/admin\/roles\/new$/);

  await page.getByRole("textbox", { name: "Name", exact: true }).fill(roleName);
  await page.getByRole("textbox", { name: "Description", exact: true }).fill("Created by the browser test");
  await picker(page, "Transactions", "View").check();
  await picker(page, "Captures", "Create").check();
  await page.getByRole("button", { name: "Create role" }).click();

  await expect(page).toHaveURL(/\/admin\/roles\/[0-9a-f-]{36}\?saved=created$/);
  await expect(page.getByText("The role was created at the gateway.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(roleName);
  await expect(picker(page, "Transactions", "View")).toBeChecked();
  await expect(picker(page, "Captures", "Create")).toBeChecked();
  await expect(picker(page, "Refunds", "Create")).not.toBeChecked();
});

test("a duplicate name, in another letter case, is refused on the name field", async ({ page }) => {
  await page.goto("/admin/roles/new");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(roleName.toUpperCase());
  await page.getByRole("textbox", { name: "Description", exact: true }).fill("Same name, other case");
  // A role must grant something (#13), so the duplicate reaches the gateway only with a permission.
  await picker(page, "Transactions", "View").check();
  await page.getByRole("button", { name: "Create role" }).click();
  const name = page.getByRole("textbox", { name: "Name", exact: true });
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("A role with this name already exists")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/roles\/new$/);
});

test("editing a role's permissions sticks: the page reads them back from the gateway", async ({ page }) => {
  await page.goto(`/admin/roles?text=${encodeURIComponent(roleName)}`);
  await page.getByRole("link", { name: roleName, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(roleName);

  await picker(page, "Transactions", "View").uncheck();
  await picker(page, "Refunds", "Create").check();
  await page.getByRole("button", { name: "Save role" }).click();
  await expect(page.getByText("The role was saved at the gateway.")).toBeVisible();

  await page.reload();
  await expect(picker(page, "Transactions", "View")).not.toBeChecked();
  await expect(picker(page, "Refunds", "Create")).toBeChecked();
  await expect(picker(page, "Captures", "Create")).toBeChecked();
  await expect(page.getByText("2 permissions")).toBeVisible();
});

test("a role the gateway does not know is the not-found page", async ({ page }) => {
  await page.goto("/admin/roles/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "No such role at the gateway" })).toBeVisible();
});

test("permissions the gateway does not support are reported as not assigned", async ({ page }) => {
  const res = await page.request.post("/api/admin/roles", {
    headers: { origin: e2eUrls.app },
    data: { name: `${roleName}-dropped`, description: "", permissions: ["TRANSACTIONS_VIEW", "REPORTS_SCHEDULE"] },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { role: { id: string; permissions: string[] }; notAssigned: string[] };
  expect(body.notAssigned).toEqual(["REPORTS_SCHEDULE"]);
  expect(body.role.permissions).toEqual(["TRANSACTIONS_VIEW"]);
  await page.goto(`/admin/roles/${body.role.id}?saved=created&notAssigned=REPORTS_SCHEDULE`);
  await expect(page.getByText("Not assigned by the gateway: REPORTS_SCHEDULE")).toBeVisible();
});

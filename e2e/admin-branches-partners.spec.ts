// Branches and partners admin pages driven in Chromium against the sandbox (its SUPER_ADMIN key). Rules guarded:
// the branch search filters by text and active state and pages from the gateway (page numbers shown from 1),
// renders Arabic names with dir="auto", and links each branch to its payments; a partner is deleted only after
// a confirmation stating the consequence (#13: ConfirmDialog; the typed-again id gave way to it), the gateway's
// confirmation string is shown, and an unknown id shows the 404 plainly.
import { expect, test, type Page } from "./support/test";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

// A partner seeded by the sandbox (sandbox/seed.ts: SEEDED_PARTNERS, stableUuid("partner:najd-retail")), i.e.
// "Najd Retail Group". Hard-coded: the spec must not import the sandbox. Every e2e run starts a fresh sandbox.
const NAJD_PARTNER_ID = "f48c71b1-dc80-48f1-b16e-606e317a98e7";
// A well-formed UUID that no partner has.
const UNKNOWN_PARTNER_ID = "0b7e3c52-6d1f-4a8e-9c2b-5e4f3a2d1c0b";

const branchRows = (page: Page) => page.getByRole("table", { name: "Branches" }).locator("tbody tr");

test("branch search: pages from the gateway, Arabic names with dir=auto, payments link", async ({ page }) => {
  await signedInAs(page, E2E_USERS.admin);
  await page.goto("/overview");
  await page.getByRole("link", { name: "Branches", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/branches$/);
  await expect(page.getByRole("heading", { level: 1, name: "Branches" })).toBeVisible();
  await expect(branchRows(page)).toHaveCount(10);
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages).toContainText("Page 1 of 3");
  await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");

  // An English name that is itself Arabic, and the Arabic name column: both in their own direction.
  await expect(page.locator('td span[dir="auto"]', { hasText: "فرع الرياض" }).first()).toBeVisible();
  const arabic = page.locator('td span[lang="ar"]', { hasText: "فرع العليا" });
  await expect(arabic).toHaveAttribute("dir", "auto");

  // Paging: page numbers from 0 in the URL (the gateway's), from 1 on screen.
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/pageNumber=1\b/);
  await expect(pages).toContainText("Page 2 of 3");
  await pages.getByRole("link", { name: "Page 3" }).click();
  await expect(page).toHaveURL(/pageNumber=2\b/);
  await expect(branchRows(page)).toHaveCount(5);
  await expect(pages).toContainText("5 of 25 branches");

  // Text filter (a new search starts at the first page).
  await page.getByLabel("Branch name").fill("Jeddah");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/text=Jeddah/);
  await expect(page).not.toHaveURL(/pageNumber=/);
  await expect(branchRows(page)).toHaveCount(3);
  for (const row of await branchRows(page).all()) await expect(row).toContainText("Jeddah");

  // Active filter: only inactive branches, then only active ones.
  await page.getByLabel("Branch name").fill("");
  await page.getByLabel("Status").selectOption("inactive");
  await page.getByLabel("Rows per page").selectOption("50");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/status=inactive/);
  await expect(branchRows(page)).toHaveCount(4);
  for (const row of await branchRows(page).all()) await expect(row).toContainText("Inactive");
  await page.getByLabel("Status").selectOption("active");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(branchRows(page)).toHaveCount(21);
  for (const row of await branchRows(page).all()) await expect(row).not.toContainText("Inactive");

  // No match: an empty state, not an empty table.
  await page.getByLabel("Branch name").fill("no such branch");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("No branches match this search")).toBeVisible();

  // The branch is a filter of the transactions list.
  await page.goto("/admin/branches?text=Olaya");
  const payments = branchRows(page)
    .first()
    .getByRole("link", { name: /Payments/ });
  const href = await payments.getAttribute("href");
  expect(href).toMatch(/^\/transactions\?branch=[0-9a-f-]{36}$/);
  await payments.click();
  await expect(page).toHaveURL(new RegExp(`branch=${href!.split("=")[1]}`));
  await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();

  // The API answers the same search as JSON, with the gateway's page object.
  const api = await page.request.get("/api/admin/branches?text=Jeddah&status=active&pageSize=25");
  expect(api.status()).toBe(200);
  const json = (await api.json()) as {
    items: Array<{ name: string; active: boolean }>;
    pageNumber: number;
    pageSize: number;
    totalElements: number;
  };
  expect(json).toMatchObject({ pageNumber: 0, pageSize: 25, totalElements: 3 });
  expect(json.items.every((b) => b.active && b.name.includes("Jeddah"))).toBe(true);
});

test("partner delete: UUID checked, a confirmation stating the consequence, the gateway's confirmation string shown", async ({ page }) => {
  await signedInAs(page, E2E_USERS.admin);
  await page.goto("/admin/partners");
  const idField = page.getByRole("textbox", { name: "Partner id", exact: true });

  // Not a UUID: refused in the form, no dialog.
  await idField.fill("not-a-uuid");
  await page.getByRole("button", { name: "Delete partner…" }).click();
  await expect(page.getByText("A partner id is a UUID")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // #13: the confirmation (ConfirmDialog) names the partner and says it cannot be undone; keeping it deletes nothing.
  await idField.fill(NAJD_PARTNER_ID);
  await page.getByRole("button", { name: "Delete partner…" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this partner?" });
  await expect(dialog).toContainText(NAJD_PARTNER_ID);
  await expect(dialog).toContainText("cannot be undone");
  await dialog.getByRole("button", { name: "Keep as is" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Partner deleted" })).toHaveCount(0);

  await page.getByRole("button", { name: "Delete partner…" }).click();
  await dialog.getByRole("button", { name: "Delete partner", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  const done = page.getByRole("status").filter({ hasText: "Partner deleted" });
  await expect(done).toContainText("Partner Najd Retail Group deleted successfully");

  // The same id again: the gateway has no such partner any more.
  await idField.fill(NAJD_PARTNER_ID);
  await page.getByRole("button", { name: "Delete partner…" }).click();
  await dialog.getByRole("button", { name: "Delete partner", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "No partner with this id at the gateway" })).toBeVisible();
});

test("partner delete with an unknown id shows the gateway's 404 plainly", async ({ page }) => {
  await signedInAs(page, E2E_USERS.admin);
  await page.goto("/admin/partners");
  await page.getByRole("textbox", { name: "Partner id", exact: true }).fill(UNKNOWN_PARTNER_ID);
  await page.getByRole("button", { name: "Delete partner…" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this partner?" });
  await dialog.getByRole("button", { name: "Delete partner", exact: true }).click();
  const alert = page.getByRole("alert").filter({ hasText: "No partner with this id at the gateway" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(UNKNOWN_PARTNER_ID);
});

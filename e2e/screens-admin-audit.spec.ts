// #13 Audit log screen. Rules guarded: each entry's summary reads as a sentence with formatted amounts ("Refund
// of SAR 20.00 … for order …", "Role … created with 5 permissions", "User … disabled …"), amounts and ids kept
// left-to-right, and the raw JSON is behind a <details> toggle, closed until asked. Screenshots at 1440 and 390 px.
import { expect, test } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { scrollsSideways, shootScreen, WIDTHS } from "./support/screens";
import { customerPays } from "./support/seed-payments";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

test("audit entries read as sentences with formatted amounts; the raw JSON is behind a toggle", async ({ page }) => {
  await signedInAs(page, E2E_USERS.admin);
  await page.goto("/overview");
  const name = `Audit finance ${Date.now().toString(36)}`;
  const role = await page.request.post("/api/admin/roles", {
    headers: { origin: e2eUrls.app },
    data: {
      name,
      description: "",
      permissions: ["TRANSACTIONS_VIEW", "TRANSACTIONS_EXPORT", "REFUNDS_CREATE", "REFUNDS_APPROVE", "AUDIT_VIEW"],
    },
  });
  expect(role.ok(), await role.text()).toBe(true);
  const { orderId, paymentId } = await customerPays(page, { amount: "20.00", auth: false });
  const refund = await page.request.post(`/api/transactions/${paymentId}/refunds`, {
    headers: { origin: e2eUrls.app },
    data: { amount: "20.00", reasonCode: "customer_request", note: "", idempotencyKey: `k_audit_${Date.now().toString(36)}_0001` },
  });
  expect(refund.ok(), await refund.text()).toBe(true);

  await page.goto("/admin/audit?action=role.create");
  const roleRow = page.getByRole("row").filter({ hasText: name });
  await expect(roleRow).toContainText(`Role ${name} created with 5 permissions`);
  // The raw JSON: a closed <details> under the sentence.
  const raw = roleRow.locator("details");
  await expect(raw).not.toHaveAttribute("open", /.*/);
  await expect(raw.locator("pre")).toBeHidden();
  await raw.getByText("Raw JSON").click();
  await expect(raw.locator("pre")).toBeVisible();
  await expect(raw.locator("pre")).toContainText('"permissions"');

  await page.goto("/admin/audit?actionPrefix=refund.");
  await shootScreen(page, "admin-audit-refunds");
  const refundRow = page.getByRole("row").filter({ hasText: orderId }).first();
  await expect(refundRow).toContainText(/Refund of SAR\s20\.00 (sent to the gateway|succeeded) for order/);
  await expect(refundRow.locator('bdi[dir="ltr"]', { hasText: orderId })).toBeVisible();
  // No entry on the page shows JSON as its summary.
  for (const cell of await page.locator("tbody tr td:nth-child(6) > div > p").allTextContents()) expect(cell).not.toMatch(/^\s*\{/);

  await page.goto("/admin/audit");
  await shootScreen(page, "admin-audit");
  // On a phone each entry is a card whose sentence is on screen: the page does not scroll sideways.
  await page.setViewportSize(WIDTHS.phone);
  expect(await scrollsSideways(page)).toBe(false);
});

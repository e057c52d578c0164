// The Refunds screen and a held refund's story (#13). Rules guarded, each named in its test: approving or
// rejecting a refund asks first, stating the amount, the order and the requester (ConfirmDialog, axe clean);
// after the decision the list is fresh; the payment's timeline shows each moment (requested by, approved by, sent
// to the gateway, succeeded) with readable titles; the history filters (search, state, requester, dates) with the
// filter in the URL, and its CSV holds exactly the filtered refunds with the business zone named; screenshots at
// 1440 and 390 px with axe, in English and Arabic.
import { expect, test } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { axeViolations } from "./support/axe";
import { shootScreen } from "./support/screens";
import { customerPays } from "./support/seed-payments";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

async function heldRefund(page: import("@playwright/test").Page, amount: string) {
  const { orderId, paymentId } = await customerPays(page, { amount: "2000.00", auth: false });
  const res = await page.request.post(`/api/transactions/${paymentId}/refunds`, {
    headers: { origin: e2eUrls.app },
    data: { amount, reasonCode: "duplicate", note: "", idempotencyKey: `k_held${Date.now()}${Math.floor(Math.random() * 1e6)}` },
  });
  expect((await res.json()).state).toBe("pending_approval");
  return { orderId, paymentId };
}

test("approving a refund asks first with amount, order and requester; the timeline then shows each moment", async ({ page, browser }) => {
  await signedInAs(page, E2E_USERS.finance);
  const { orderId, paymentId } = await heldRefund(page, "1500.00");

  const adminContext = await browser.newContext({ baseURL: e2eUrls.app });
  const admin = await adminContext.newPage();
  await signedInAs(admin, E2E_USERS.admin);
  await admin.goto("/refunds");
  const item = admin.getByRole("listitem").filter({ hasText: orderId });
  await item.getByRole("button", { name: "Approve" }).click();
  const confirm = admin.getByRole("dialog", { name: "Approve this refund?" });
  await expect(confirm).toContainText(/SAR\s1,500\.00/);
  await expect(confirm).toContainText(orderId);
  await expect(confirm).toContainText(E2E_USERS.finance.name);
  await expect(confirm).toContainText("cannot be undone");
  expect(await axeViolations(admin), "axe on the approval confirmation").toEqual([]);
  // "Keep as is" changes nothing.
  await confirm.getByRole("button", { name: "Keep as is" }).click();
  await expect(item).toBeVisible();
  await item.getByRole("button", { name: "Approve" }).click();
  await admin.getByRole("dialog", { name: "Approve this refund?" }).getByRole("button", { name: "Approve refund" }).click();
  await expect(admin.getByText("The refund was accepted by the gateway.")).toBeVisible();
  await expect(admin.getByRole("listitem").filter({ hasText: orderId })).toHaveCount(0);
  await expect(admin.getByRole("table", { name: /Refunds, latest first/ })).toContainText(orderId);
  await adminContext.close();

  await page.goto(`/transactions/${paymentId}`);
  const timeline = page.getByTestId("timeline");
  const text = (await timeline.innerText()).replace(/\u00a0/g, " ");
  const at = (re: RegExp) => text.search(re);
  expect(at(/Refund of SAR 1,500\.00 requested by Fatima Finance/)).toBeGreaterThanOrEqual(0);
  expect(at(/Refund approved by Ada Admin/)).toBeGreaterThan(at(/requested by Fatima Finance/));
  expect(at(/Refund sent to the gateway/)).toBeGreaterThan(at(/Refund approved by/));
  expect(at(/Refund of SAR 1,500\.00 succeeded/)).toBeGreaterThan(at(/Refund sent to the gateway/));
  expect(text).not.toMatch(/pending_approval|partial_refund|Gateway call/);
});

test("rejecting a refund asks first too; screens: the Refunds page at 1440 and 390 px", async ({ page, browser }) => {
  await signedInAs(page, E2E_USERS.finance);
  const { orderId } = await heldRefund(page, "1200.00");
  const adminContext = await browser.newContext({ baseURL: e2eUrls.app });
  const admin = await adminContext.newPage();
  await signedInAs(admin, E2E_USERS.admin);
  await admin.goto("/refunds");
  // The approver sees at a glance that refunds wait for them: a count beside Refunds, in words for a screen reader.
  await expect(
    admin.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Refunds.*(refund waits|refunds wait) for your approval/ }),
  ).toBeVisible();
  await shootScreen(admin, "refunds");
  const item = admin.getByRole("listitem").filter({ hasText: orderId });
  await item.getByRole("button", { name: "Reject" }).click();
  const confirm = admin.getByRole("dialog", { name: "Reject this refund?" });
  await expect(confirm).toContainText(/SAR\s1,200\.00/);
  await expect(confirm).toContainText(E2E_USERS.finance.name);
  expect(await axeViolations(admin), "axe on the rejection confirmation").toEqual([]);
  // A rejection says why: without a reason the dialog asks for one and nothing is sent.
  await confirm.getByRole("button", { name: "Reject refund" }).click();
  await expect(confirm.getByText("Say why it is rejected (at least 3 characters): the requester reads it.")).toBeVisible();
  await confirm.getByLabel("Why is it rejected?").fill("Already refunded by bank transfer");
  await confirm.getByRole("button", { name: "Reject refund" }).click();
  await expect(admin.getByRole("listitem").filter({ hasText: orderId })).toHaveCount(0);
  await expect(
    admin
      .getByRole("table", { name: /Refunds, latest first/ })
      .getByRole("row")
      .filter({ hasText: orderId }),
  ).toContainText("Rejected");
  // The requester reads why, in the Refunds list.
  await page.goto("/refunds");
  await expect(
    page
      .getByRole("table", { name: /Refunds, latest first/ })
      .getByRole("row")
      .filter({ hasText: orderId }),
  ).toContainText("Already refunded by bank transfer");
  await adminContext.close();
});

test("the history filters by search, state and requester (the URL holds the filter) and exports what it shows", async ({ page }) => {
  await signedInAs(page, E2E_USERS.finance);
  const { orderId } = await customerPays(page, { amount: "40.00", auth: false });
  const { paymentId } = { paymentId: (await (await page.request.get(`/api/transactions?q=${orderId}`)).json()).items[0].id as string };
  const res = await page.request.post(`/api/transactions/${paymentId}/refunds`, {
    headers: { origin: e2eUrls.app },
    data: { amount: "15.00", reasonCode: "customer_request", note: "", idempotencyKey: `k_hist${Date.now()}` },
  });
  expect((await res.json()).state).toBe("succeeded");

  await page.goto("/refunds");
  const form = page.getByRole("search", { name: "Filter refunds" });
  await form.getByLabel("Search").fill(orderId);
  await form.getByLabel("State").selectOption("succeeded");
  await form.getByLabel("Requested by").selectOption({ label: `${E2E_USERS.finance.name} (${E2E_USERS.finance.email})` });
  await form.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`/refunds\\?q=${orderId}&state=succeeded&requester=[0-9a-f-]{36}&tz=Asia%2FRiyadh$`));
  const rows = page.getByRole("table", { name: /Refunds, latest first/ }).locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(orderId);
  await expect(rows.first()).toContainText("SAR 15.00");

  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of (await file.createReadStream())!) chunks.push(chunk as Buffer);
  const lines = Buffer.concat(chunks)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean);
  expect(lines[0]).toMatch(/^Requested \(Asia\/Riyadh\),Order ID,/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,${orderId},${paymentId},15.00,SAR,Succeeded,Customer request,`);

  // Nothing matches a state it is not in: the empty state says so and offers to clear the filter.
  await page.goto(`/refunds?q=${orderId}&state=rejected`);
  await expect(page.getByText("No refund matches these filters")).toBeVisible();
  await shootScreen(page, "refunds-filtered");
  await page.context().addCookies([{ name: "ui-prefs", value: "ar.latn.0", url: page.url() }]);
  await page.goto(`/refunds?q=${orderId}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("search", { name: "تصفية الاستردادات" })).toBeVisible();
  await shootScreen(page, "refunds-filtered-ar");
});

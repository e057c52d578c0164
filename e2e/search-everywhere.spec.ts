// Search from anywhere, as staff use it all day. Rules guarded: Ctrl+K focuses the header's box from any page; the
// live results are grouped (payments, customers, links, users) and used by keyboard alone (↓ to a result, Enter
// opens it; Enter with none chosen opens the full search page); each group only for a person who may open its area
// (a read-only user sees no users, no links); a payment is found by its order id, a part of its customer's e-mail
// and its amount; the full page links each group's own list. Screenshots of the open popup and the page at 1440
// and 390 px in English and Arabic, with axe on each.
import { expect, test } from "./support/test";
import { shootScreen } from "./support/screens";
import { customerPays } from "./support/seed-payments";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

test("Ctrl+K, type, arrow down, Enter: the payment opens; the groups follow the searcher's permissions", async ({ page }) => {
  await signedInAs(page, E2E_USERS.admin);
  const { orderId, paymentId } = await customerPays(page, { amount: "731.19", auth: false });
  await page.goto("/overview");

  // The header's box: a search box until its popup loads on the first focus, a combobox from then on.
  const header = page.getByRole("banner");
  const box = header.getByRole("combobox", { name: "Search everywhere" }).or(header.getByRole("searchbox", { name: "Search everywhere" }));
  await page.keyboard.press("Control+k");
  await expect(box).toBeFocused();
  await page.keyboard.type(orderId);
  const list = page.getByRole("listbox", { name: "Search everywhere" });
  const payments = list.getByRole("group", { name: "Payments" });
  await expect(payments.getByRole("option")).toHaveCount(1);
  await expect(payments.getByRole("option").first()).toContainText(orderId);
  await expect(payments.getByRole("option").first()).toContainText("SAR 731.19");
  await expect(payments.getByRole("option").first()).toContainText("Order id");
  await page.keyboard.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", /.+/);
  await expect(payments.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/transactions/${paymentId}$`));

  // A part of the customer's e-mail: the payment and the customer, each in its group.
  await page.keyboard.press("Control+k");
  await page.keyboard.type(`customer.${orderId}`.slice(0, 24));
  await expect(list.getByRole("group", { name: "Customers" })).toContainText(`customer.${orderId}@example.com`);
  // The amount finds it too.
  await box.fill("731.19");
  await expect(payments).toContainText(orderId);
  // A colleague by name: users are there for a super-admin.
  await box.fill("Fatima Fin");
  await expect(list.getByRole("group", { name: "Users" })).toContainText(E2E_USERS.finance.email);
  await shootScreen(page, "search-popup");

  // Enter with nothing chosen: the full page, with each group's own list a click away.
  await box.fill(orderId);
  await expect(payments).toContainText(orderId);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=/);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Search", level: 1 })).toBeVisible();
  const group = main.getByRole("region", { name: "Payments" });
  await expect(group.getByRole("link", { name: new RegExp(orderId) })).toHaveAttribute("href", `/transactions/${paymentId}`);
  await expect(group.getByRole("link", { name: "All matching payments" })).toHaveAttribute("href", `/transactions?q=${orderId}`);
  await shootScreen(page, "search-page");

  // Escape closes the list, a second Escape empties the box.
  await page.keyboard.press("Control+k");
  await page.keyboard.type("xq");
  await expect(list).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await page.keyboard.press("Escape");
  await expect(box).toHaveValue("");
});

test("a read-only user finds payments but no users and no links; in Arabic the popup and the page read right to left", async ({ page }) => {
  await signedInAs(page, E2E_USERS.reader);
  const { orderId } = await customerPays(page, { amount: "88.20", auth: false });
  await page.goto("/transactions");
  await page.keyboard.press("Control+k");
  await page.keyboard.type("Fatima Fin");
  const list = page.getByRole("listbox", { name: "Search everywhere" });
  await expect(list.getByRole("option", { name: /See all results/ })).toBeVisible();
  await expect(list.getByRole("group", { name: "Users" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.context().addCookies([{ name: "ui-prefs", value: "ar.latn.0", url: new URL("/", page.url()).href }]);
  await page.goto("/overview");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.keyboard.press("Control+k");
  await page.keyboard.type(orderId);
  const ar = page.getByRole("listbox", { name: "البحث في كل مكان" });
  await expect(ar.getByRole("group", { name: "المدفوعات" })).toContainText(orderId);
  await expect(ar.getByRole("group", { name: "المدفوعات" })).toContainText("رقم الطلب");
  await shootScreen(page, "search-popup-ar");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=/);
  await expect(page.getByRole("main").getByRole("region", { name: "المدفوعات" })).toContainText(orderId);
  await shootScreen(page, "search-page-ar");
});

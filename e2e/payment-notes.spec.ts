// Notes on a payment, as staff use them all day. Rules guarded: a note is added from the payment's page and shows in
// its notes and its timeline with who wrote it; "@colleague's e-mail" tells that colleague by mail with a link to the
// payment; threat: a card number typed into a note is refused in the browser and never stored (PCI DSS 3.3/3.4);
// the transactions search finds the payment by its note, and the customer's page shows it. Screenshots at 1440 and
// 390 px in English and Arabic, with axe.
import { expect, test } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { waitForMail } from "./support/mailbox";
import { shootScreen } from "./support/screens";
import { customerPays } from "./support/seed-payments";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

test("a note on a payment: card numbers refused, the mentioned colleague mailed, found by search and on the customer's page", async ({
  page,
}) => {
  await signedInAs(page, E2E_USERS.backOffice);
  const { orderId, paymentId } = await customerPays(page, { amount: "64.00", auth: false });
  await page.goto(`/transactions/${paymentId}`);
  const notes = page.getByRole("region", { name: "Notes" });
  await expect(notes).toContainText("No notes yet.");
  const box = notes.getByRole("textbox", { name: "Add a note" });

  await box.fill("Customer read 4111 1111 1111 1111 to me");
  await notes.getByRole("button", { name: "Add note" }).click();
  await expect(notes).toContainText("A note must not hold a card number. Write the last four digits only.");
  await expect(notes.getByTestId("notes")).toHaveCount(0);

  const phrase = `double charge ${Date.now().toString(36)}`;
  const before = new Date();
  await box.fill(`Customer called about a ${phrase}, will retry tomorrow. @${E2E_USERS.finance.email} please check.`);
  await notes.getByRole("button", { name: "Add note" }).click();
  await expect(notes.getByTestId("notes")).toContainText(phrase);
  await expect(notes.getByTestId("notes")).toContainText("Omar Ops");
  await expect(notes.getByTestId("notes")).toContainText("Told by mail: Fatima Finance");
  await expect(box).toHaveValue("");
  await expect(page.getByTestId("timeline")).toContainText("Note by Omar Ops");

  const mail = await waitForMail(e2eUrls.sandbox, E2E_USERS.finance.email, { subject: /mentioned you on order/, after: before });
  expect(mail.subject).toContain(orderId);
  expect(mail.text).toContain(phrase);
  expect(mail.links.some((l) => l.endsWith(`/transactions/${paymentId}`))).toBe(true);
  await shootScreen(page, "payment-notes");

  await page.goto(`/transactions?q=${encodeURIComponent(phrase)}`);
  await expect(page.getByRole("main")).toContainText(orderId);

  await page.goto(`/customers/${paymentId}`);
  const onCustomer = page.getByRole("region", { name: "Notes" });
  await expect(onCustomer).toContainText(phrase);
  await expect(onCustomer.getByRole("link", { name: orderId })).toHaveAttribute("href", `/transactions/${paymentId}`);

  await page.context().addCookies([{ name: "ui-prefs", value: "ar.latn.0", url: new URL("/", page.url()).href }]);
  await page.goto(`/transactions/${paymentId}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const ar = page.getByRole("region", { name: "الملاحظات" });
  await expect(ar).toContainText(phrase);
  await expect(ar.getByRole("textbox", { name: "أضف ملاحظة" })).toBeVisible();
  await shootScreen(page, "payment-notes-ar");
});

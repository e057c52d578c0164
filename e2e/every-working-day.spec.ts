// What staff meet every working day, the parts no other spec walks, in English and in Arabic at 1440 and 390 px
// (screenshots with axe at each width). Rules guarded, each named in its test:
//   - large charges without the customer present (a saved card, a recurring charge, a billing plan): above
//     MAX_CHARGE refused with the limit named; above CHARGE_CONFIRM_ABOVE the amount and the card are confirmed first,
//     and "Go back" charges nothing;
//   - a refund waiting for approval mails every user who may approve it, never the requester, with a link; the
//     requester's Approve says why it is unavailable; a rejection's reason reaches the payment's timeline;
//   - the Overview fits figures of 100 million and more (compact, the exact value on hover), the chart axes' labels
//     never overlap at 390 px, and decline reasons read in Arabic (a known one translated, any other quoted);
//   - the customer's return page after a link payment confirms the outcome by itself, without a reload;
//   - a phone order in Arabic: amount and card first, the result's order id with a copy button, the payment says
//     Authorization, and a partial capture shows what was released and until when the rest is held; the customer's
//     page offers its actions;
//   - users in Arabic: an invited user is "invitation pending", and Disable is not a red filled button on every row.
import { expect, test, type Browser, type Locator, type Page } from "./support/test";
import { e2eUrls } from "../playwright.config";
import arCheckout from "../messages/ar/checkout.json" with { type: "json" };
import arNewPayment from "../messages/ar/newPayment.json" with { type: "json" };
import arPayment from "../messages/ar/payment.json" with { type: "json" };
import arRefunds from "../messages/ar/refunds.json" with { type: "json" };
import arShell from "../messages/ar/shell.json" with { type: "json" };
import arUsers from "../messages/ar/users.json" with { type: "json" };
import arVocab from "../messages/ar/vocab.json" with { type: "json" };
import enRefunds from "../messages/en/refunds.json" with { type: "json" };
import { newOrderId } from "../scripts/lib/merchant-server";
import { shootScreen } from "./support/screens";
import { customerPays, payAtCheckout, paymentIdOf, websiteRecurringSale } from "./support/seed-payments";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS, JUNE_2024 } from "./support/users";

const AR = { locale: "ar-SA", timezoneId: "Asia/Riyadh" } as const;

/** A signed-in page in a context of its own, in the given language. */
async function pageAs(browser: Browser, user: { email: string }, locale: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2eUrls.app, locale, timezoneId: "Asia/Riyadh" });
  const page = await context.newPage();
  await signedInAs(page, user);
  return page;
}

/** Every mail the sandbox's catcher holds for one address, newest first. */
async function mailsTo(to: string): Promise<Array<{ subject: string; text: string; links: string[] }>> {
  const res = await fetch(`${e2eUrls.sandbox}/__sandbox/mail?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { mails: Array<{ subject: string; text: string; links: string[] }> }).mails;
}

/** The mail about this order's refund, once it has come (the outbox sends after the request is answered). */
async function approvalMailFor(to: string, orderId: string) {
  let found: { subject: string; text: string; links: string[] } | undefined;
  await expect
    .poll(async () => (found = (await mailsTo(to)).find((m) => m.text.includes(orderId))) !== undefined, {
      timeout: 20_000,
      message: `an approval mail to ${to} naming ${orderId}`,
    })
    .toBe(true);
  return found!;
}

test.describe("large charges without the customer present", () => {
  test("a saved card, a recurring charge and a billing plan: above MAX_CHARGE refused with the limit named; above the threshold confirmed first, Go back charges nothing", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signedInAs(page, E2E_USERS.backOffice);
    await page.goto("/overview");
    // The nav names the screen for what staff do there.
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Take a payment" })).toBeVisible();
    const orderId = newOrderId("e2e-big");
    const email = `big.${orderId}@example.com`;
    await websiteRecurringSale(orderId, email, { saveCard: true });
    await paymentIdOf(page, orderId);
    const paymentsOfCustomer = async () =>
      ((await (await page.request.get(`/api/transactions?q=${encodeURIComponent(email)}`)).json()) as { items?: unknown[] }).items
        ?.length ?? 0;

    // Saved card: a slip of the keyboard is refused, naming the limit.
    await page.goto("/saved-cards");
    await page.getByLabel("Customer e-mail").fill(email);
    await page.getByRole("button", { name: "Find cards" }).click();
    await page.getByRole("button", { name: "Charge this card" }).click();
    const charge = page.getByRole("dialog", { name: "Charge this card" });
    await charge.getByLabel("Amount").fill("1000000.01");
    await charge.getByLabel("Description").fill("Annual contract");
    await charge.getByLabel("First name").fill("Noura");
    await charge.getByLabel("Last name").fill("Haddad");
    await charge.getByLabel("Phone").fill("+966500000001");
    await charge.getByLabel("Address").fill("1 King Fahd Road");
    await charge.getByLabel("City").fill("Riyadh");
    await charge.getByLabel("Postal code").fill("12211");
    await charge.getByLabel("Country").fill("SA");
    await charge.getByRole("button", { name: "Charge" }).click();
    await expect(charge.getByText("At most SAR 1000000.00.")).toBeVisible();
    await shootScreen(page, "saved-card-above-max-charge");
    expect(await paymentsOfCustomer()).toBe(1);

    // Above the threshold: the amount and the card are confirmed first; Go back charges nothing.
    await charge.getByLabel("Amount").fill("25000.00");
    await charge.getByRole("button", { name: "Charge" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm a large charge" });
    await expect(confirm).toContainText(/You are about to charge SAR 25,?000\.00 to VISA •••• 1111/);
    await confirm.getByRole("button", { name: "Go back" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText("The charge succeeded: the payment is captured.")).toHaveCount(0);
    expect(await paymentsOfCustomer()).toBe(1);
    await charge.getByRole("button", { name: "Charge" }).click();
    await page.getByRole("dialog", { name: "Confirm a large charge" }).getByRole("button", { name: "Charge it" }).click();
    await expect(page.getByText("The charge succeeded: the payment is captured.")).toBeVisible({ timeout: 20_000 });
    await expect.poll(paymentsOfCustomer).toBe(2);

    // Recurring "Charge now": the same confirmation.
    await page.goto("/recurring");
    const customer = page.getByRole("region", { name: email });
    await customer.getByRole("button", { name: "Charge now" }).click();
    const now = page.getByRole("dialog", { name: "Charge now" });
    await now.getByLabel(/Amount/).fill("12000.00");
    await now.getByLabel("Description").fill("Quarterly fee");
    await now.getByRole("button", { name: "Charge" }).click();
    const confirmNow = page.getByRole("dialog", { name: "Confirm a large charge" });
    await expect(confirmNow).toContainText(/SAR 12,?000\.00/);
    await confirmNow.getByRole("button", { name: "Charge it" }).click();
    await expect(customer.getByText("The charge succeeded: the payment is captured.")).toBeVisible({ timeout: 20_000 });
    await expect.poll(paymentsOfCustomer).toBe(3);

    // A billing plan: its amount is checked when it is made, above the limit refused, above the threshold confirmed.
    await customer.getByRole("button", { name: "Create plan" }).click();
    const plan = page.getByRole("dialog", { name: "Create plan" });
    await plan.getByLabel(/Amount/).fill("2000000.00");
    await plan.getByLabel("Description").fill("Monthly rent");
    await plan.getByRole("button", { name: "Create plan" }).click();
    await expect(plan.getByText("At most SAR 1000000.00.")).toBeVisible();
    await plan.getByLabel(/Amount/).fill("15000.00");
    await plan.getByRole("button", { name: "Create plan" }).click();
    const confirmPlan = page.getByRole("dialog", { name: "Confirm a large charge" });
    await expect(confirmPlan).toContainText(/SAR 15,?000\.00/);
    await confirmPlan.getByRole("button", { name: "Charge it" }).click();
    await expect(plan).toHaveCount(0);
    await expect(customer.getByRole("link", { name: /^Plan active · next \d{4}-\d{2}-\d{2}$/ })).toBeVisible();
  });
});

test("a held refund mails every approver but the requester, with a link; the requester's Approve says why; the rejection's reason is in the timeline (Arabic screens)", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signedInAs(page, E2E_USERS.finance);
  const { orderId, paymentId } = await customerPays(page, { amount: "2000.00", auth: false });
  const res = await page.request.post(`/api/transactions/${paymentId}/refunds`, {
    headers: { origin: e2eUrls.app },
    data: { amount: "1500.00", reasonCode: "duplicate", note: "", idempotencyKey: `k_told${Date.now()}${Math.floor(Math.random() * 1e6)}` },
  });
  expect((await res.json()).state).toBe("pending_approval");

  // Told: the super-admin and the other finance user, each with a link to the Refunds page; never the requester.
  for (const approver of [E2E_USERS.admin, E2E_USERS.clock]) {
    const mail = await approvalMailFor(approver.email, orderId);
    expect(mail.text).toContain(E2E_USERS.finance.name);
    expect(
      mail.links.filter((l) => l.startsWith(`${e2eUrls.app}/refunds`)),
      mail.links.join(" "),
    ).not.toEqual([]);
  }
  expect((await mailsTo(E2E_USERS.finance.email)).filter((m) => m.text.includes(orderId))).toEqual([]);

  // The requester sees why they cannot approve their own request, in English and in Arabic.
  await page.goto("/refunds");
  const own = page.getByRole("listitem").filter({ hasText: orderId });
  await expect(own.getByRole("button", { name: "Approve" })).toHaveAccessibleDescription(enRefunds.ownRequest);
  const requesterAr = await pageAs(browser, E2E_USERS.finance, AR.locale);
  await requesterAr.goto("/refunds");
  const ownAr = requesterAr.getByRole("listitem").filter({ hasText: orderId });
  await expect(ownAr.getByRole("button", { name: arRefunds.decide.approve })).toHaveAccessibleDescription(arRefunds.ownRequest);

  // The approver, in Arabic: the count beside Refunds, the queue; then the rejection with its reason.
  const approverAr = await pageAs(browser, E2E_USERS.admin, AR.locale);
  await approverAr.goto("/refunds");
  await expect(
    approverAr
      .getByRole("navigation")
      .getByRole("link", { name: new RegExp(arShell.nav.refunds) })
      .first(),
  ).toBeVisible();
  await shootScreen(approverAr, "refunds-approver-ar");
  const item = approverAr.getByRole("listitem").filter({ hasText: orderId });
  await item.getByRole("button", { name: arRefunds.decide.reject }).click();
  const reject = approverAr.getByRole("dialog", { name: arRefunds.decide.rejectTitle });
  await reject.getByLabel(arRefunds.decide.reasonLabel).fill("أُعيد المبلغ بتحويل بنكي");
  await reject.getByRole("button", { name: arRefunds.decide.rejectConfirm }).click();
  await expect(approverAr.getByRole("listitem").filter({ hasText: orderId })).toHaveCount(0);

  // The requester reads why on the payment's timeline.
  await page.goto(`/transactions/${paymentId}`);
  await expect(page.getByTestId("timeline")).toContainText("أُعيد المبلغ بتحويل بنكي");
  await requesterAr.goto(`/transactions/${paymentId}`);
  await expect(requesterAr.getByTestId("timeline")).toContainText("أُعيد المبلغ بتحويل بنكي");
  await shootScreen(requesterAr, "refund-rejected-timeline-ar");
  await requesterAr.context().close();
  await approverAr.context().close();
});

/** Every element inside the tile lies within it, and nothing in it scrolls (a cut figure scrolls or spills). */
async function fitsInside(tile: Locator): Promise<void> {
  const m = await tile.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const spills = [...el.querySelectorAll("*")]
      .map((c) => ({ c, r: c.getBoundingClientRect() }))
      .filter(({ c, r }) => r.width > 0 && !c.classList.contains("sr-only") && (r.left < box.left - 1 || r.right > box.right + 1))
      .map(({ c }) => c.textContent);
    return { spills, overflow: el.scrollWidth - el.clientWidth };
  });
  expect(m, `a figure spills out of its tile: ${JSON.stringify(m)}`).toEqual({ spills: [], overflow: 0 });
}

/** On every time chart: the value axis' labels stay in their column, the time axis' labels do not touch. */
async function axisLabelsApart(page: Page): Promise<number> {
  const problems = await page.locator("figure").evaluateAll((figures) => {
    const out: string[] = [];
    let charts = 0;
    for (const f of figures) {
      const plotColumns = f.querySelectorAll(":scope div.h-40");
      const timeRow = f.querySelector(":scope div.h-4");
      if (plotColumns.length < 2 || !timeRow) continue;
      charts++;
      const column = plotColumns[0]!.getBoundingClientRect();
      for (const s of plotColumns[0]!.querySelectorAll("span")) {
        const r = s.getBoundingClientRect();
        if (r.left < column.left - 1 || r.right > column.right + 1) out.push(`value label "${s.textContent}" leaves its column`);
      }
      const labels = [...timeRow.querySelectorAll("span")].map((s) => ({ t: s.textContent, r: s.getBoundingClientRect() }));
      labels.sort((a, b) => a.r.left - b.r.left);
      for (let i = 1; i < labels.length; i++) {
        if (labels[i]!.r.left < labels[i - 1]!.r.right) out.push(`time labels "${labels[i - 1]!.t}" and "${labels[i]!.t}" overlap`);
      }
    }
    return { charts, out };
  });
  expect(problems.out).toEqual([]);
  return problems.charts;
}

test("the Overview at more than SAR 100 million: figures fit, the exact value on hover, axis labels apart at 390 px; decline reasons in Arabic", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const june = `/overview?period=custom&from=${JUNE_2024.from}&to=${JUNE_2024.to}`;
  for (const locale of ["en-GB", AR.locale]) {
    const page = await pageAs(browser, E2E_USERS.admin, locale);
    await page.goto(june);
    const sar = page.getByRole("region", { name: "SAR", exact: true });
    const gross = sar.locator("bdi[title]").first();
    // The exact value on hover (and to a screen reader); the tile shows it compact.
    await expect(gross).toHaveAttribute("title", /124\D?999\D?998\D?75/);
    await expect(gross.locator('[aria-hidden="true"]')).not.toHaveText(/124\D?999\D?998/);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      for (const tile of await sar.locator("dl > div").all()) await fitsInside(tile);
      expect(await axisLabelsApart(page), "time charts measured").toBeGreaterThan(0);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    if (locale === AR.locale) {
      // The gateway's reasons: one the dashboard knows, in Arabic; one it does not, quoted inside an Arabic sentence.
      const main = page.getByRole("main");
      await expect(main).toContainText(arVocab.declineReason.issuer);
      await expect(main).toContainText(arVocab.declineReason.other.replace("{reason}", JUNE_2024.otherDecline.reason));
      await expect(main).not.toContainText(JUNE_2024.knownDecline.reason);
      await shootScreen(page, "overview-100-million-ar");
      for (const d of [JUNE_2024.knownDecline, JUNE_2024.otherDecline]) {
        await page.goto(`/transactions/${await paymentIdOf(page, d.orderId)}`);
        const known = d === JUNE_2024.knownDecline;
        await expect(page.getByRole("main")).toContainText(
          known ? arVocab.declineReason.issuer : arVocab.declineReason.other.replace("{reason}", d.reason),
        );
        if (known) await expect(page.getByRole("main")).not.toContainText(d.reason);
      }
      await shootScreen(page, "payment-decline-reason-ar");
    } else {
      await shootScreen(page, "overview-100-million");
    }
    await page.context().close();
  }
});

test.describe("in Arabic", () => {
  test.use({ locale: AR.locale, timezoneId: AR.timezoneId, viewport: { width: 1440, height: 900 } });

  test("the customer's return page after a link payment turns from 'being confirmed' to paid by itself, with no reload", async ({
    page,
    browser,
  }) => {
    await signedInAs(page, E2E_USERS.backOffice);
    await page.goto("/overview");
    const orderId = `PL-AR-${Date.now().toString(36).toUpperCase()}`;
    const created = await page.request.post("/api/payments/links", {
      headers: { origin: e2eUrls.app },
      data: {
        orderId,
        amount: "64.00",
        currency: "SAR",
        auth: "sale",
        customerName: "نورة",
        email: "noura.poll@example.com",
        phone: "+966500000004",
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const { url, paymentId } = (await created.json()) as { url: string; paymentId: string };

    // The customer's page, opened before the gateway has said anything: "being confirmed".
    const waiting = await browser.newContext({ locale: AR.locale });
    const ret = await waiting.newPage();
    await ret.goto(`${e2eUrls.app}/payments/return?flow=link&payment=${paymentId}`);
    await expect(ret.getByRole("heading", { level: 1 })).toHaveText(arCheckout.outcome.confirming.title);
    await shootScreen(ret, "payment-return-confirming-ar");
    await ret.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    // Meanwhile the customer pays the link in another tab.
    const payer = await browser.newContext();
    const pay = await payer.newPage();
    await pay.goto(url);
    await payAtCheckout(pay);

    // The first page learns the outcome on its own (it asks again after 2, 3, 5, … seconds), in the same document.
    await expect(ret.getByRole("heading", { level: 1 })).toHaveText(arCheckout.outcome.paid.title, { timeout: 30_000 });
    expect(await ret.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await shootScreen(ret, "payment-return-paid-ar");
    await payer.close();
    await waiting.close();
  });

  test("a phone order: amount and card first, the result's order id with a copy button, Authorization, a partial capture's release and hold; the customer's actions", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signedInAs(page, E2E_USERS.backOffice);
    await page.goto("/payments/new");
    const f = arNewPayment.form;
    await expect(page.getByLabel(f.orderId)).not.toHaveValue("");
    await expect(page.getByRole("navigation").getByRole("link", { name: arShell.nav.payments }).first()).toBeVisible();
    const form = page.locator("form").filter({ has: page.getByLabel(f.cardNumber) });
    const order = await form.locator("input, select").evaluateAll((els) => els.map((e) => (e as HTMLInputElement).name));
    expect(order.slice(0, order.indexOf("cardNumber"))).toEqual(["amount", "currency", "auth"]);
    const orderId = newOrderId("e2e-ar-auth");
    await page.getByLabel(f.amount).fill("300.00");
    await page.locator('select[name="auth"]').selectOption("authorize");
    await page.getByLabel(f.cardNumber).pressSequentially("4111111111111111");
    await page.getByLabel(f.expMonth).fill("01");
    await page.getByLabel(f.expYear).fill("2038");
    await page.getByLabel(f.cvv).fill("123");
    await page.getByLabel(f.firstName).fill("نورة");
    await page.getByLabel(f.lastName).fill("الصالح");
    await page.getByLabel(f.email).fill(`noura.${orderId}@example.com`);
    await page.getByLabel(f.phone).fill("+966500000001");
    await page.getByLabel(f.orderId).fill(orderId);
    await shootScreen(page, "new-payment-form-ar");
    await page.getByRole("button", { name: f.submit }).click();

    const result = page.getByRole("region", { name: new RegExp(arNewPayment.outcome.title) });
    await expect(result).toBeVisible({ timeout: 20_000 });
    await expect(result).toContainText(orderId);
    await expect(result.getByRole("button", { name: arNewPayment.outcome.copyOrderId })).toBeVisible();
    await expect(result).toContainText(arNewPayment.outcome.next.authorized);
    await shootScreen(page, "new-payment-result-ar");

    // The payment: its type is an authorization; a partial capture says what went back to the card.
    const paymentId = await paymentIdOf(page, orderId);
    const captured = await page.request.post(`/api/transactions/${paymentId}/capture`, {
      headers: { origin: e2eUrls.app },
      data: { amount: "120.00", idempotencyKey: `k_ar_capture_${orderId}` },
    });
    expect(captured.ok(), await captured.text()).toBe(true);
    await page.goto(`/transactions/${paymentId}`);
    const main = page.getByRole("main");
    await expect(main).toContainText(arVocab.intent.authorize);
    await expect(main).toContainText(arPayment.amounts.released.split("<m></m>")[1]!.trim());
    await shootScreen(page, "payment-partial-capture-ar");

    // A customer with a saved card and a recurring token: their page offers the actions.
    const recurringOrder = newOrderId("e2e-ar-rec");
    const email = `sara.${recurringOrder}@example.com`;
    await websiteRecurringSale(recurringOrder, email, { saveCard: true });
    await paymentIdOf(page, recurringOrder);
    await page.goto(`/customers?q=${encodeURIComponent(email)}`);
    await page.getByTestId("customer-row").first().getByRole("link").click();
    await expect(page.getByTestId("customer-email")).toBeVisible();
    await expect(page.getByRole("main").getByRole("button")).not.toHaveCount(0);
    await shootScreen(page, "customer-ar");
  });

  test("users: an invited user is 'invitation pending', and no row action is a red filled button", async ({ page }) => {
    await signedInAs(page, E2E_USERS.admin);
    await page.goto("/overview");
    const email = `hind.${Date.now().toString(36)}@e2e.test`;
    const res = await page.request.post("/api/admin/users", {
      headers: { origin: e2eUrls.app },
      data: { email, name: "Hind Invited", phoneNumber: "+966501112266", userType: "USER", roleNames: ["read-only"] },
    });
    expect(res.ok(), await res.text()).toBe(true);
    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row).toContainText(arUsers.table.invitationPending);
    await expect(row).not.toContainText(arUsers.table.active);
    // No row action is filled red (a quiet secondary or ghost button); the red is kept for the confirmation dialog.
    const red = (bg: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (bg.match(/[\d.]+/g) ?? []).map(Number);
      return a > 0 && r > 150 && g < 110 && b < 110;
    };
    const backgrounds = await row.getByRole("button").evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor));
    expect(backgrounds.length).toBeGreaterThan(1);
    expect(backgrounds.filter(red), backgrounds.join(", ")).toEqual([]);
    await shootScreen(page, "admin-users-ar");
  });
});

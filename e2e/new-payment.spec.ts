// New card payments taken by staff, with the 3-D Secure page in a sandboxed frame. Rules guarded: an S2S sale
// whose challenge the customer answers right ends captured (read from the gateway's status, not from the frame),
// a wrong answer ends declined, and the card fields are cleared; a hostile challenge page (sandbox test switch)
// can neither read the dashboard (document, cookies, storage) nor navigate the top window, and the dashboard page
// stays as it was with its session working; a real issuer's page (the sandbox's acs mode: another origin, its own
// stylesheet and images, a relative URL) works in the same frame.
import { expect, test, type Page } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

const FRAME = 'iframe[title="3-D Secure verification"]';

async function startChallengeSale(page: Page, opts: { orderSuffix: string }) {
  await page.goto("/payments/new");
  await expect(page.getByRole("heading", { level: 1, name: "New payment" })).toBeVisible();
  // A full order id of our own: reading the generated one could race the form's hydration (empty value).
  const orderId = `e2e-${opts.orderSuffix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await page.getByLabel("Order id").fill(orderId);
  await page.getByLabel("Amount").fill("42.50");
  await page.getByLabel("First name").fill("Noura");
  await page.getByLabel("Last name").fill("Saleh");
  await page.getByLabel("E-mail").fill("noura.saleh@example.com");
  await page.getByLabel("Phone").fill("+966500000001");
  await page.getByLabel("Card number").fill("4111 1111 1111 1111");
  await page.getByLabel("Expiry month").fill("05");
  await page.getByLabel("Expiry year").fill("2038");
  await page.getByLabel("Security code (CVV)").fill("123");
  await page.getByRole("button", { name: "Take payment" }).click();
  await expect(page.getByRole("heading", { name: "3-D Secure verification" })).toBeVisible();
  const frame = page.frameLocator(FRAME);
  await expect(frame.locator('input[name="otp"]')).toBeVisible();
  const sandboxAttr = await page.locator(FRAME).getAttribute("sandbox");
  expect(sandboxAttr).toBe("allow-scripts allow-forms");
  return { orderId, frame };
}

test.describe("new payment with 3-D Secure", () => {
  test.beforeEach(async ({ page }) => {
    await signedInAs(page, E2E_USERS.backOffice);
    await page.goto("/overview");
  });

  test("S2S sale, challenge approved: captured, with a link to the payment", async ({ page }) => {
    const { frame } = await startChallengeSale(page, { orderSuffix: "ok" });
    await frame.locator('input[name="otp"]').fill("1234");
    await frame.locator('input[name="otp"]').press("Enter");
    await expect(page.getByRole("heading", { name: /Payment result/ })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Paid: the money was taken.")).toBeVisible();
    await page.getByRole("link", { name: "Open the payment" }).click();
    await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
    await expect(page.getByText("Captured").first()).toBeVisible();
  });

  test("S2S sale, challenge answered wrong: declined", async ({ page }) => {
    const { frame } = await startChallengeSale(page, { orderSuffix: "no" });
    await frame.locator('input[name="otp"]').fill("0000");
    await frame.locator('input[name="otp"]').press("Enter");
    await expect(page.getByRole("heading", { name: /Payment result/ })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Declined by the customer's bank.")).toBeVisible();
    // A decline after the challenge can be retried too (the form kept, its card fields cleared).
    await page.getByRole("button", { name: "Retry the payment" }).click();
    await expect(page.getByLabel("Card number")).toBeFocused();
    await expect(page.getByLabel("Card number")).toHaveValue("");
    await expect(page.getByLabel("First name")).toHaveValue("Noura");
  });

  // A real issuer's challenge: the gateway's page hands over to the bank's Access Control Server on another origin,
  // loading the bank's stylesheet and image and one of its own by a relative URL; the view's policy and <base> let it.
  test("a real issuer's challenge (another origin, its stylesheet and images, a relative URL) completes in the frame", async ({ page }) => {
    const sandbox = e2eUrls.sandbox;
    expect((await page.request.post(`${sandbox}/__sandbox/challenge-mode`, { data: { mode: "acs" } })).ok()).toBe(true);
    await page.request.delete(`${sandbox}/__sandbox/acs-log`);
    try {
      const { frame } = await startChallengeSale(page, { orderSuffix: "acs" });
      const log = async () =>
        (await (await page.request.get(`${sandbox}/__sandbox/acs-log`)).json()) as { acsUrl: string; fetched: string[] };
      const { acsUrl } = await log();
      // The frame now shows the bank's own page, on the bank's origin, still sandboxed by the dashboard's frame.
      await expect.poll(() => page.frames().some((f) => f.url().startsWith(`${acsUrl}/acs/challenge/`))).toBe(true);
      await expect.poll(() => frame.locator("#acs-logo").evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await expect(frame.locator("#acs-mark")).toHaveCSS("color", "rgb(0, 90, 60)");
      // The gateway's hand-over page loaded the bank's stylesheet and logo, and its own badge by a relative URL.
      expect((await log()).fetched).toEqual(
        expect.arrayContaining([
          "acs.css (start)",
          "logo.svg (start)",
          "gateway badge (relative URL)",
          "challenge page",
          "acs.css (acs)",
          "logo.svg (acs)",
        ]),
      );
      await frame.locator('input[name="otp"]').fill("1234");
      await frame.locator('input[name="otp"]').press("Enter");
      await expect(page.getByText("Paid: the money was taken.")).toBeVisible({ timeout: 20_000 });
      // The bank's page could not reach the dashboard either: no storage written, the session intact.
      expect((await page.request.get("/api/transactions")).status()).toBe(200);
    } finally {
      await page.request.post(`${sandbox}/__sandbox/challenge-mode`, { data: { mode: "normal" } });
    }
  });

  test("a hostile challenge page cannot escape the frame or touch the dashboard", async ({ page }) => {
    const sandbox = e2eUrls.sandbox;
    expect((await page.request.post(`${sandbox}/__sandbox/challenge-mode`, { data: { mode: "hostile" } })).ok()).toBe(true);
    try {
      // Collect the reports the hostile page posts to its parent (they carry no "payment-return" type: ignored).
      await page.addInitScript(() => {
        (window as unknown as { __hostile: unknown[] }).__hostile = [];
        window.addEventListener("message", (e) => {
          const d = e.data as { sandboxHostileReport?: unknown } | null;
          if (d && typeof d === "object" && d.sandboxHostileReport)
            (window as unknown as { __hostile: unknown[] }).__hostile.push(d.sandboxHostileReport);
        });
      });
      await page.evaluate(() => localStorage.setItem("dashboard-probe", "kept"));
      const { frame } = await startChallengeSale(page, { orderSuffix: "hostile" });
      const urlBefore = page.url();
      await expect(frame.locator("#hostile-report")).toContainText("blocked");
      // The page's delayed top-navigation attempt has been made and refused (it writes so into its report).
      await expect(frame.locator("#hostile-report")).toContainText('"topNavigation":"blocked"');
      expect(page.url()).toBe(urlBefore);
      await expect(page.getByRole("heading", { level: 1, name: "New payment" })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem("sandbox-hostile"))).toBeNull();
      expect(await page.evaluate(() => localStorage.getItem("dashboard-probe"))).toBe("kept");

      const fromMessages = (await page.evaluate(() => (window as unknown as { __hostile: unknown[] }).__hostile)) as Array<
        Record<string, string>
      >;
      const report = (await (await page.request.get(`${sandbox}/__sandbox/hostile-report`)).json()) as {
        reports: Array<Record<string, string>>;
        topNavigations: number;
      };
      expect(report.topNavigations).toBe(0);
      const reports = [...report.reports, ...fromMessages];
      expect(reports.length).toBeGreaterThan(0);
      for (const r of reports) {
        expect(r.parentDocument).toBe("blocked");
        expect(r.cookie).toBe("blocked");
        expect(r.localStorage).toBe("blocked");
      }

      // The session still works: the page's own requests are signed in, and the payment finishes normally.
      expect((await page.request.get("/api/transactions")).status()).toBe(200);
      await frame.locator('input[name="otp"]').fill("1234");
      await frame.locator('input[name="otp"]').press("Enter");
      await expect(page.getByText("Paid: the money was taken.")).toBeVisible({ timeout: 20_000 });
      expect((await (await page.request.get(`${sandbox}/__sandbox/hostile-report`)).json()).topNavigations).toBe(0);
    } finally {
      await page.request.post(`${sandbox}/__sandbox/challenge-mode`, { data: { mode: "normal" } });
    }
  });
});

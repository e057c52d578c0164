// PCI DSS 6.4.3: the payment pages load only the scripts in the build's inventory (scripts/lib/script-inventory.ts),
// with the listed SHA-384, and none from another origin. Chromium visits each payment page as staff use it: the new
// payment through its 3-D Secure frame and the return page inside it, the saved-card charge dialog, and the
// recurring charge-now dialog (their lazy chunks load when the dialog opens). Every script the dashboard's own
// documents fetch is hashed and judged; the 3-D Secure view (the gateway's page, sandboxed) is not a page of ours
// and its frame's requests are left out, as the inventory says. The HTML's integrity attributes must match too.
import path from "node:path";
import { expect, test, type Page } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { newOrderId } from "../scripts/lib/merchant-server";
import { checkHtmlIntegrity, checkLoadedScripts, currentScriptInventory, type ObservedScript } from "../scripts/lib/script-inventory";
import { websiteRecurringSale } from "./support/seed-payments";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

const inventory = currentScriptInventory(path.resolve(process.env.NEXT_DIST_DIR ?? ".next"));
const app = e2eUrls.app;

interface Recorder {
  byRoute: Map<string, ObservedScript[]>;
  /** Resolves once every body seen so far has been read. */
  settle(): Promise<unknown>;
}

/** Every script the dashboard's own documents fetch (the page, and /payments/return inside the frame), by route. */
function recordScripts(page: Page): Recorder {
  const byRoute = new Map<string, ObservedScript[]>();
  const pending: Promise<void>[] = [];
  // The document that asked: the gateway's 3-D Secure view (and wherever it navigates) is outside the inventory.
  const ourRoute = (frameUrl: string): string | null => {
    const u = new URL(frameUrl || page.url());
    return u.origin === app && !u.pathname.startsWith("/api/") ? u.pathname : null;
  };
  const add = (route: string, o: ObservedScript) => (byRoute.get(route) ?? byRoute.set(route, []).get(route)!).push(o);
  page.on("response", (res) => {
    const req = res.request();
    const route = req.resourceType() === "script" ? ourRoute(req.frame().url()) : null;
    if (!route) return;
    pending.push(
      res
        .body()
        .catch(() => null)
        .then((body) => {
          add(route, { url: res.url(), body });
        }),
    );
  });
  // A request that got no answer (refused, blocked) is still a script the page tried to load.
  page.on("requestfailed", (req) => {
    const route = req.resourceType() === "script" ? ourRoute(req.frame().url()) : null;
    if (route) add(route, { url: req.url(), body: null });
  });
  return { byRoute, settle: () => Promise.all(pending) };
}

async function judged(page: Page, rec: Recorder, routes: string[]): Promise<void> {
  await page.waitForLoadState("networkidle");
  await rec.settle();
  for (const route of routes) {
    const seen = rec.byRoute.get(route) ?? [];
    expect(seen.length, `scripts seen on ${route}`).toBeGreaterThan(0);
    expect(checkLoadedScripts(inventory, route, app, seen), `scripts of ${route}`).toEqual([]);
  }
  for (const route of rec.byRoute.keys()) {
    expect(
      inventory.pages.some((p) => p.route === route),
      `${route} loaded scripts while a payment page was used, and is not a page of the inventory`,
    ).toBe(true);
  }
}

test.describe("PCI DSS 6.4.3: payment pages load only inventoried scripts", () => {
  test.beforeEach(async ({ page }) => {
    await signedInAs(page, E2E_USERS.backOffice);
  });

  test("the HTML of each payment page names only inventoried scripts, with matching integrity", async ({ page }) => {
    for (const route of ["/payments/new", "/saved-cards", "/recurring", "/payments/return"]) {
      const res = await page.request.get(route);
      expect(res.status(), route).toBe(200);
      expect(checkHtmlIntegrity(inventory, route, app, await res.text()), route).toEqual([]);
    }
    // At least the runtime carries integrity= (experimental.sri): the browser itself refuses a changed file.
    expect(inventory.scripts.some((s) => s.integrityInHtml)).toBe(true);
  });

  test("new payment through its 3-D Secure frame and the return page inside it", async ({ page }) => {
    const seen = recordScripts(page);
    await page.goto("/payments/new");
    await page.getByLabel("Order id").fill(newOrderId("e2e-sri"));
    await page.getByLabel("Amount").fill("10.00");
    await page.getByLabel("First name").fill("Noura");
    await page.getByLabel("Last name").fill("Saleh");
    await page.getByLabel("E-mail").fill("noura.saleh@example.com");
    await page.getByLabel("Phone").fill("+966500000001");
    await page.getByLabel("Card number").fill("4111 1111 1111 1111");
    await page.getByLabel("Expiry month").fill("05");
    await page.getByLabel("Expiry year").fill("2038");
    await page.getByLabel("Security code (CVV)").fill("123");
    await page.getByRole("button", { name: "Take payment" }).click();
    const frame = page.frameLocator('iframe[title="3-D Secure verification"]');
    await frame.locator('input[name="otp"]').fill("1234");
    await frame.locator('input[name="otp"]').press("Enter");
    // The return page in the frame ran its script (it told this page the customer is back): the integrity
    // attributes did not stop it inside the sandboxed frame.
    await expect(page.getByRole("heading", { name: /Payment result/ })).toBeVisible({ timeout: 20_000 });
    await judged(page, seen, ["/payments/new", "/payments/return"]);
  });

  test("saved-card charge and recurring charge-now dialogs", async ({ page }) => {
    const orderId = newOrderId("e2e-sri");
    const email = `sri.${orderId}@example.com`;
    await websiteRecurringSale(orderId, email, { saveCard: true });
    await expect
      .poll(
        async () => ((await (await page.request.get(`/api/transactions?q=${orderId}`)).json()) as { items?: unknown[] }).items?.length ?? 0,
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
    const seen = recordScripts(page);
    await page.goto("/saved-cards");
    await page.getByLabel("Customer e-mail").fill(email);
    await page.getByRole("button", { name: "Find cards" }).click();
    await page.getByRole("button", { name: "Charge this card" }).click();
    await expect(page.getByRole("dialog", { name: "Charge this card" })).toBeVisible();
    await judged(page, seen, ["/saved-cards"]);

    await page.goto("/recurring");
    await page.getByRole("region", { name: email }).getByRole("button", { name: "Charge now" }).click();
    await expect(page.getByRole("dialog", { name: "Charge now" })).toBeVisible();
    await judged(page, seen, ["/saved-cards", "/recurring"]);
  });
});

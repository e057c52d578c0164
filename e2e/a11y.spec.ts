// Accessibility of every page and every dialog, checked with axe-core against the WCAG 2.0, 2.1 and 2.2 A/AA rules
// (issue #7): zero violations. The page list is read from the app/ directory's page.tsx files, so a new page is
// walked as soon as it exists; a page with a dynamic segment needs an entry in DYNAMIC below, and the test that
// compares the walk with the files fails until it has one. Dashboard pages are walked as a super-admin (who sees
// everything, with seeded payments so the lists and detail pages are full); the sign-in, set-password and public
// return pages signed out. Each dialog is checked open, and where it has them, in its error and done states.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Browser, type Page } from "./support/test";
import { e2eUrls } from "../playwright.config";
import { axeViolations } from "./support/axe";
import { waitForMail } from "./support/mailbox";
import { customerPays, customerPaysWithRecurring } from "./support/seed-payments";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

const APP_DIR = fileURLToPath(new URL("../app", import.meta.url));
const ADMIN_STATE = fileURLToPath(new URL("../test-results/a11y-admin-state.json", import.meta.url));

/** Every page.tsx under app/, as its route pattern ("/transactions/[id]"); route groups "(x)" are not in URLs. */
function pageRoutes(): Array<{ route: string; group: string | null }> {
  const found: Array<{ route: string; group: string | null }> = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (entry.name.startsWith("_") || entry.name === "api") continue; // private folders and route handlers
        walk(path.join(dir, entry.name), [...segments, entry.name]);
      } else if (/^page\.(tsx|ts|jsx|js|mdx)$/.test(entry.name)) {
        const group = segments.find((s) => /^\(.+\)$/.test(s)) ?? null;
        found.push({ route: "/" + segments.filter((s) => !/^\(.+\)$/.test(s)).join("/"), group });
      }
    }
  };
  walk(APP_DIR, []);
  return found.sort((a, b) => a.route.localeCompare(b.route));
}

/**
 * Every component file that renders the Dialog primitive, and the test below that opens it. A new dialog makes the
 * coverage test fail until it is opened and checked here.
 */
const DIALOG_FILES: Record<string, string> = {
  // Shared by the payment page and the Captures rows (screens-captures.spec.ts opens it from a row with axe).
  "components/money-actions/capture-dialog.tsx": "capture, void and refund dialogs",
  "app/(dashboard)/transactions/[id]/_components/refund-dialog.tsx": "capture, void and refund dialogs",
  "app/(dashboard)/transactions/[id]/_components/void-dialog.tsx": "capture, void and refund dialogs",
  // Approve and reject confirmations: screens-refunds.spec.ts opens both and runs axe on each.
  "app/(dashboard)/refunds/_components/approval-buttons.tsx": "screens-refunds.spec.ts: approve and reject confirmations",
  // Cancel a link: screens-payment-links.spec.ts opens it and runs axe.
  "app/(dashboard)/payments/links/_components/cancel-link-dialog.tsx": "screens-payment-links.spec.ts: cancel link confirmation",
  "app/(dashboard)/admin/users/_components/new-user-dialog.tsx": "new user",
  "app/(dashboard)/admin/partners/_components/partner-deleter.tsx": "delete partner confirmation",
  // The roles and disable dialogs (the reset-factors one is opened by mfa.spec.ts).
  "app/(dashboard)/admin/users/_components/user-dialogs.tsx": "new user",
  "app/(dashboard)/transactions/_components/save-view-dialog.tsx": "save view",
  "app/(dashboard)/saved-cards/_components/charge-card-dialog.tsx": "charge a saved card",
  "app/(dashboard)/recurring/_components/charge-now-dialog.tsx": "charge a saved card, and recurring charge now",
  "app/(dashboard)/recurring/_components/create-plan-dialog.tsx": "billing plans",
  "app/(dashboard)/recurring/plans/_components/plan-actions.tsx": "billing plans",
  "app/(dashboard)/recurring/plans/_components/edit-plan-dialog.tsx": "billing-plans.spec.ts: edit plan, axe in English and Arabic",
  "app/(dashboard)/payments/links/_components/new-link-dialog.tsx": "new payment link",
  // report-schedules.spec.ts opens both and runs axe on each.
  "app/(dashboard)/reports/schedules/_components/new-schedule-dialog.tsx": "report-schedules.spec.ts: new schedule",
  "app/(dashboard)/reports/schedules/_components/schedule-actions.tsx": "report-schedules.spec.ts: delete schedule confirmation",
  // The second-factor dialogs need a user with factors (MFA_REQUIRED=all): mfa.spec.ts opens each and runs axe.
  "components/auth/step-up-dialog.tsx": "mfa.spec.ts: the step-up dialog",
  "app/(dashboard)/account/_components/two-step-actions.tsx": "mfa.spec.ts: add-passkey and remove-factor dialogs",
  "app/(dashboard)/account/_components/totp-setup-button.tsx": "WCAG 2.2 AA: setting up an authenticator app from the Account page",
  // The large-charge confirmation: large-charge.spec.ts opens it in English and Arabic, axe at 1440 and 390 px.
  "components/money-actions/charge-confirm-dialog.tsx": "large-charge.spec.ts: the large-charge confirmation",
};

/** The dialog primitives themselves: each use of them is what the coverage test counts. */
const PRIMITIVES = new Set(["components/ui/dialog.tsx", "components/ui/confirm-dialog.tsx"]);

/** Files under app/ and components/ that use <Dialog or <ConfirmDialog (the primitives' own files aside). */
function dialogFiles(): string[] {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (
        /\.tsx$/.test(entry.name) &&
        !PRIMITIVES.has(rel.split(path.sep).join("/")) &&
        /<(Confirm)?Dialog\b/.test(fs.readFileSync(path.join(root, rel), "utf8"))
      ) {
        found.push(rel.split(path.sep).join("/"));
      }
    }
  };
  walk("app");
  walk("components");
  return found.sort();
}

/** Pages that show another state signed out (sign-in, set-password, the return address). */
const SIGNED_OUT_GROUPS = new Set(["(auth)", "(public)"]);

interface Seeded {
  captured: string;
  authorized: string;
  recurringEmail: string;
  recurringPaymentId: string;
  roleId: string;
  setPasswordPath: string;
  userId: string;
}
let seeded: Seeded;

/** URLs to visit for each dynamic route (several states where the page has them). */
const DYNAMIC: Record<string, (s: Seeded) => string[]> = {
  "/transactions/[id]": (s) => [`/transactions/${s.captured}`, `/transactions/${s.authorized}`],
  "/admin/roles/[roleId]": (s) => [`/admin/roles/${s.roleId}`, "/admin/roles/00000000-0000-4000-8000-000000000000"],
  "/admin/users/[userId]": (s) => [`/admin/users/${s.userId}`, "/admin/users/00000000-0000-4000-8000-000000000000"],
  // A customer with saved cards and a recurring token (the key is any of their payment ids), and an unknown one.
  "/customers/[key]": (s) => [`/customers/${s.recurringPaymentId}`, "/customers/00000000-0000-4000-8000-000000000000"],
  // Any unknown address: the 404 inside the dashboard's frame (#13).
  "/[...missing]": () => ["/nonexistent"],
};

/** Extra states of static pages worth checking (query-driven messages, filtered lists). */
const EXTRA_STATES: Record<string, (s: Seeded) => string[]> = {
  "/set-password": (s) => [s.setPasswordPath],
  "/login": () => ["/login?signed_out=1", "/login?ended=expired"],
  "/payments/return": () => [
    "/payments/return?flow=link&result=success",
    "/payments/return?flow=link&result=failure",
    "/payments/return?flow=link&payment=00000000-0000-4000-8000-000000000000",
  ],
  "/transactions": () => ["/transactions?status=captured&sort=amount&dir=asc"],
};

function urlsFor(route: string): string[] {
  const dynamic = DYNAMIC[route];
  if (route.includes("[")) return dynamic ? dynamic(seeded) : [];
  return [route, ...(EXTRA_STATES[route]?.(seeded) ?? [])];
}

async function settle(page: Page) {
  // The load event comes after the whole streamed document, the Suspense boundaries' content swapped in (the pages
  // render on the server; no page fetches its content from the browser). Waiting for the network to be idle as well
  // cost half a second a page and more (the sidebar's link prefetches), for nothing axe would see.
  await page.waitForLoadState("load");
  // The page's h1 (or, on the return page, its status line) is there once the page has rendered.
  await expect(page.locator("h1, [role=status]").first()).toBeVisible();
}

async function expectNoViolations(page: Page, where: string) {
  // A router.refresh() (after a money action) re-streams the page's metadata: for a moment <title> is empty. Check
  // the settled page, not that instant (a refresh can start right after the title was seen: then check again once
  // the title is back; a page that really has no title still fails).
  await expect(page).toHaveTitle(/\S/);
  let violations = await axeViolations(page);
  if (violations.some((v) => v.startsWith("document-title "))) {
    await expect(page).toHaveTitle(/\S/);
    violations = await axeViolations(page);
  }
  expect.soft(violations, `axe violations on ${where}`).toEqual([]);
}

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: ADMIN_STATE });
  return context.newPage();
}

// Seeded once per worker (again after a failed test restarts it); the tests run in file order, so the billing
// plans test, which adds a plan, comes after the walk of the recurring pages without one.
test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000); // three payments through the sandbox's pages and an invitation read from the mail catcher
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedInAs(page, E2E_USERS.admin);
  const captured = await customerPays(page, { amount: "120.00", auth: false });
  const authorized = await customerPays(page, { amount: "64.00", auth: true });
  const recurring = await customerPaysWithRecurring(page);
  await page.goto("/admin/roles");
  const roleHref = await page.getByRole("link", { name: "finance", exact: true }).getAttribute("href");
  // A user's sessions and sign-in history (the admin's own page: a live session and sign-ins to show).
  await page.goto("/admin/users");
  const userHref = await page.getByRole("link", { name: E2E_USERS.admin.name, exact: true }).getAttribute("href");
  // A new user's one-time link (mailed to them, read from the local mail catcher), for the set-password page.
  const invitee = `a11y.${Date.now()}@e2e.test`;
  const created = await page.request.post("/api/admin/users", {
    headers: { origin: e2eUrls.app }, // the dashboard refuses state-changing requests from other origins
    data: { email: invitee, name: "Aya Access", phoneNumber: "+966501234567", userType: "USER", roleNames: ["read-only"] },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const invitation = await waitForMail(e2eUrls.sandbox, invitee, { subject: /invited/i });
  const setPasswordUrl = invitation.links.find((l) => l.includes("/set-password?token="))!;
  seeded = {
    captured: captured.paymentId,
    authorized: authorized.paymentId,
    recurringEmail: recurring.email,
    recurringPaymentId: recurring.paymentId,
    roleId: roleHref!.split("/").pop()!,
    setPasswordPath: new URL(setPasswordUrl).pathname + new URL(setPasswordUrl).search,
    userId: userHref!.split("/").pop()!,
  };
  await context.storageState({ path: ADMIN_STATE });
  await context.close();
});

test("WCAG 2.2 AA: the checker itself finds violations (a page with known faults is not reported clean)", async ({ page }) => {
  await page.setContent(
    '<html lang="en"><head><title>Faults</title></head><body><main><h1>Faults</h1><input type="text">' +
      '<p style="color:#94a3b8;background:#fff">Low contrast</p><button aria-expanded="maybe">?</button></main></body></html>',
  );
  const found = (await axeViolations(page)).map((v) => v.split(" ")[0]);
  expect(found).toEqual(expect.arrayContaining(["label", "color-contrast", "aria-valid-attr-value"]));
});

test("WCAG 2.2 AA: the walk covers every page file under app/ (a new page cannot be forgotten)", () => {
  const routes = pageRoutes();
  expect(routes.length).toBeGreaterThan(10);
  const unvisited = routes.filter((r) => urlsFor(r.route).length === 0).map((r) => r.route);
  expect(unvisited, "dynamic pages without an entry in DYNAMIC").toEqual([]);
});

test("WCAG 2.2 AA: every dialog component in the code is opened by a test below (a new dialog cannot be forgotten)", () => {
  const files = dialogFiles();
  expect(files.length).toBeGreaterThan(5);
  expect(
    files.filter((f) => !(f in DIALOG_FILES)),
    "dialog files no test opens: add them to DIALOG_FILES and a test",
  ).toEqual([]);
});

/** Visits every URL of the signed-in (or signed-out) pages, each as a step, and runs `check` on the settled page. */
async function walkPages(page: Page, signedOut: boolean, check: (url: string) => Promise<void>) {
  const routes = pageRoutes().filter((r) =>
    signedOut ? !!r.group && SIGNED_OUT_GROUPS.has(r.group) : !r.group || !SIGNED_OUT_GROUPS.has(r.group),
  );
  for (const { route } of routes) {
    for (const url of urlsFor(route)) {
      await test.step(url, async () => {
        await page.goto(url);
        await settle(page);
        await check(url);
      });
    }
  }
}

test("WCAG 2.2 AA (axe, wcag2a/aa, 21a/aa, 22aa): every signed-in page has no violations, as a super-admin", async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await adminPage(browser);
  await walkPages(page, false, (url) => expectNoViolations(page, url));
  // The app's 404 page, inside the shell.
  await page.goto("/no-such-page");
  await expect(page.locator("h1, h2").first()).toBeVisible();
  await expectNoViolations(page, "the not-found page");
  // The shell's own disclosure: the account panel, open.
  await page.goto("/overview");
  await page.getByRole("button", { name: /^Account:/ }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expectNoViolations(page, "/overview with the account panel open");
  // A narrow screen: the sidebar becomes a disclosure behind the menu button.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/transactions");
  await settle(page);
  await expectNoViolations(page, "/transactions on a phone");
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expectNoViolations(page, "/transactions on a phone, menu open");
});

// The same walk in Arabic (#15): right-to-left, Arabic text, every page. Besides axe, each page must really be the
// Arabic one: <html lang="ar" dir="rtl"> and a heading written in Arabic letters (a page left in English fails).
const ARABIC = /[\u0600-\u06FF]/;

/** A page about one thing (a role, a user, a customer) is headed by its name: there the rest of the page must be Arabic. */
const NAMED_BY_DATA = /\/(admin\/roles|admin\/users|customers)\/[0-9a-f-]{36}$/;

async function expectArabicPage(page: Page, where: string) {
  await expect(page.locator("html"), where).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html"), where).toHaveAttribute("lang", "ar");
  // Polled: React reveals a streamed Suspense boundary (a page's loading.tsx) on a 300 ms throttle, which can fall
  // after the load event; the page's own content may come a moment after it.
  const arabicPart = async () => {
    const heading = (await page.locator("h1, [role=status]").first().textContent()) ?? "";
    if (!NAMED_BY_DATA.test(where)) return heading;
    return ((await page.locator("main").first().textContent()) ?? "").replace(heading, "");
  };
  await expect.soft.poll(arabicPart, { message: `the heading of ${where} (or, under a name, its page) is in Arabic` }).toMatch(ARABIC);
}

test("WCAG 2.2 AA (axe) in Arabic, right-to-left: every signed-in page, as a super-admin", async ({ browser }) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({ storageState: ADMIN_STATE, locale: "ar-SA" });
  const page = await context.newPage();
  await walkPages(page, false, async (url) => {
    await expectArabicPage(page, url);
    await expectNoViolations(page, `${url} (Arabic)`);
  });
  // A narrow screen in Arabic: the sidebar's disclosure.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/transactions");
  await settle(page);
  await expectNoViolations(page, "/transactions on a phone (Arabic)");
  await context.close();
});

test("WCAG 2.2 AA (axe) in Arabic, right-to-left: the signed-out pages", async ({ browser }) => {
  const context = await browser.newContext({ locale: "ar-SA" });
  const page = await context.newPage();
  await walkPages(page, true, async (url) => {
    await expectArabicPage(page, url);
    await expectNoViolations(page, `${url} (Arabic)`);
  });
  await context.close();
});

test("WCAG 2.2 AA (axe): what a role without access sees (the forbidden notice, a smaller sidebar)", async ({ page }) => {
  await signedInAs(page, E2E_USERS.reader);
  for (const url of ["/overview", "/admin/users", "/refunds"]) {
    await page.goto(url);
    await settle(page);
    await expectNoViolations(page, `${url} as read-only`);
  }
});

test("WCAG 2.2 AA (axe): the signed-out pages (sign-in, set-password, payment return) have no violations", async ({ page }) => {
  test.setTimeout(120_000); // seven pages and the form's error states: the default 60 s ran out once on a loaded machine
  const routes = pageRoutes().filter((r) => r.group && SIGNED_OUT_GROUPS.has(r.group));
  expect(routes.map((r) => r.route)).toEqual(expect.arrayContaining(["/login", "/set-password", "/forgot-password", "/payments/return"]));
  for (const { route } of routes) {
    for (const url of urlsFor(route)) {
      await test.step(url, async () => {
        await page.goto(url);
        await settle(page);
        await expectNoViolations(page, url);
      });
    }
  }
  // Sign-in with the form's errors shown, and with a refused password.
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expectNoViolations(page, "/login with field errors");
  await page.getByLabel("E-mail").fill(E2E_USERS.reader.email);
  await page.getByLabel("Password").fill("not-the-password-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  await expectNoViolations(page, "/login after a refused password");
});

test.describe("WCAG 2.2 AA (axe): every dialog, open", () => {
  test.use({ storageState: ADMIN_STATE });

  test("capture, void and refund dialogs on a payment's page", async ({ page }) => {
    await page.goto(`/transactions/${seeded.authorized}`);
    await page.getByRole("button", { name: "Capture" }).click();
    let dialog = page.getByRole("dialog", { name: "Capture payment" });
    await expect(dialog).toBeVisible();
    await expectNoViolations(page, "the capture dialog");
    await dialog.getByLabel(/Amount to capture/).fill("9999");
    await dialog.getByRole("button", { name: "Capture" }).click();
    await expect(dialog.getByRole("alert").or(dialog.locator('[aria-invalid="true"]')).first()).toBeVisible();
    await expectNoViolations(page, "the capture dialog with an error");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "Void" }).click();
    dialog = page.getByRole("dialog", { name: "Void authorization" });
    await expect(dialog).toBeVisible();
    await expectNoViolations(page, "the void dialog");
    await dialog.getByRole("button", { name: "Keep it" }).click();

    await page.goto(`/transactions/${seeded.captured}`);
    await page.getByRole("button", { name: "Refund" }).click();
    dialog = page.getByRole("dialog", { name: "Refund payment" });
    await expect(dialog).toBeVisible();
    await expectNoViolations(page, "the refund dialog");
    await dialog.getByLabel(/Amount/).fill("");
    await dialog.getByRole("button", { name: "Refund" }).click();
    await expect(dialog.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
    await expectNoViolations(page, "the refund dialog with field errors");
    await dialog.getByLabel(/Amount/).fill("5.00");
    await dialog.getByLabel("Reason").selectOption("customer_request");
    await dialog.getByRole("button", { name: "Refund" }).click();
    await expect(page.getByText("The refund was accepted by the gateway.")).toBeVisible();
    await expectNoViolations(page, "a payment's page after a refund (result announced)");
  });

  test("new user (form, errors, created) and a user's roles", async ({ page }) => {
    await page.goto("/admin/users");
    await page.getByRole("button", { name: "New user" }).click();
    let dialog = page.getByRole("dialog", { name: "New user" });
    await expect(dialog).toBeVisible();
    await expectNoViolations(page, "the new user dialog");
    await dialog.getByRole("button", { name: "Create user" }).click();
    await expect(dialog.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
    await expectNoViolations(page, "the new user dialog with field errors");
    await dialog.getByLabel("E-mail").fill(`a11y.dialog.${Date.now()}@e2e.test`);
    await dialog.getByLabel("Name").fill("Basma Dialog");
    await dialog.getByLabel("Phone").fill("+966501234568");
    await dialog.getByRole("checkbox", { name: "read-only" }).check();
    await dialog.getByRole("button", { name: "Create user" }).click();
    dialog = page.getByRole("dialog", { name: "User created" });
    await expect(dialog).toBeVisible();
    await expectNoViolations(page, "the user created dialog");
    await dialog.getByRole("button", { name: "Done" }).click();

    await page.getByRole("button", { name: `Change roles of ${E2E_USERS.reader.name}` }).click();
    dialog = page.getByRole("dialog", { name: `Roles of ${E2E_USERS.reader.name}` });
    await expect(dialog).toBeVisible();
    await expectNoViolations(page, "the roles dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: `Disable ${E2E_USERS.reader.name}` }).click();
    dialog = page.getByRole("dialog", { name: `Disable ${E2E_USERS.reader.name}?` });
    await expect(dialog).toBeVisible();
    await expectNoViolations(page, "the disable-user confirmation");
    await dialog.getByRole("button", { name: "Keep as is" }).click();
    // The viewer's own row has no controls, only the reason; the re-send invitation answer is announced in the row.
    await expect(page.getByRole("row").filter({ hasText: E2E_USERS.admin.email })).toContainText("This is you");
    await page.getByRole("button", { name: "Re-send invitation to Basma Dialog" }).click();
    await expect(page.getByText(/Invitation sent to a11y\.dialog\./)).toBeVisible();
    await expectNoViolations(page, "the users page with its own row and a re-sent invitation");
  });

  test("delete partner confirmation", async ({ page }) => {
    await page.goto("/admin/partners");
    await page.getByRole("button", { name: "Delete partner…" }).click();
    await expectNoViolations(page, "the partners page with a field error");
    await page.getByLabel("Partner id").fill("3f5b2c1a-9e8d-4a7b-8c6d-1e2f3a4b5c6d");
    await page.getByRole("button", { name: "Delete partner…" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this partner?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("cannot be undone");
    await expectNoViolations(page, "the delete partner dialog");
    await dialog.getByRole("button", { name: "Keep as is" }).click();
  });

  test("save view on the transactions list", async ({ page }) => {
    await page.goto("/transactions?status=captured");
    await page.getByRole("button", { name: "Save view" }).click();
    const dialog = page.getByRole("dialog", { name: "Save this view" });
    await expect(dialog).toBeVisible();
    await expectNoViolations(page, "the save view dialog");
    await dialog.getByRole("button", { name: "Save view" }).click();
    await expect(dialog.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await expectNoViolations(page, "the save view dialog with a field error");
    await dialog.getByLabel("Name").fill("Captured only");
    await dialog.getByRole("button", { name: "Save view" }).click();
    await expect(dialog).toHaveCount(0);
    await expectNoViolations(page, "the transactions list with a saved view");
  });

  test("charge a saved card, and recurring charge now", async ({ page }) => {
    await page.goto("/saved-cards");
    await page.getByLabel("Customer e-mail").fill(seeded.recurringEmail);
    await page.getByRole("button", { name: "Find cards" }).click();
    await expect(page.getByText("VISA •••• 1111")).toBeVisible();
    await expectNoViolations(page, "the saved cards page with a customer's cards");
    await page.getByRole("button", { name: "Charge this card" }).click();
    let dialog = page.getByRole("dialog", { name: "Charge this card" });
    await expect(dialog).toBeVisible();
    await expectNoViolations(page, "the charge saved card dialog");
    await dialog.getByRole("button", { name: "Charge" }).click();
    await expect(dialog.getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");
    await expectNoViolations(page, "the charge saved card dialog with field errors");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await page.goto("/recurring");
    const customer = page.getByRole("region", { name: seeded.recurringEmail });
    await customer.getByRole("button", { name: "Charge now" }).click();
    dialog = page.getByRole("dialog", { name: "Charge now" });
    await expect(dialog).toBeVisible();
    await expectNoViolations(page, "the recurring charge now dialog");
    await dialog.getByRole("button", { name: "Charge" }).click();
    await expect(dialog.getByLabel(/Amount/)).toHaveAttribute("aria-invalid", "true");
    await expectNoViolations(page, "the recurring charge now dialog with field errors");
    await dialog.getByRole("button", { name: "Cancel" }).click();
  });

  test("new payment link (form, errors, created with its QR code)", async ({ page }) => {
    await page.goto("/payments/links");
    await page.getByRole("button", { name: "New payment link" }).click();
    let dialog = page.getByRole("dialog", { name: "New payment link" });
    await expect(dialog).toBeVisible();
    await expectNoViolations(page, "the new payment link dialog");
    await dialog.getByRole("button", { name: "Create link" }).click();
    await expect(dialog.getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");
    await expectNoViolations(page, "the new payment link dialog with field errors");
    await dialog.getByLabel("Amount").fill("75.00");
    await dialog.getByLabel("Customer name").fill("Omar Saleh");
    await dialog.getByLabel("Customer e-mail").fill("omar.saleh@example.com");
    await dialog.getByLabel("Customer phone").fill("+966500000002");
    await dialog.getByRole("button", { name: "Create link" }).click();
    dialog = page.getByRole("dialog", { name: "Payment link created" });
    await expect(dialog).toBeVisible();
    await expectNoViolations(page, "the payment link created dialog");
    await dialog.getByRole("button", { name: "Done" }).click();
    await expectNoViolations(page, "the payment links list with a link");
  });

  test("new payment: field errors, the 3-D Secure view and the result", async ({ page }) => {
    await page.goto("/payments/new");
    await page.getByRole("button", { name: "Take payment" }).click();
    await expect(page.getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");
    await expectNoViolations(page, "the new payment form with field errors");
    await page.getByLabel("Save the card").check();
    await expect(page.getByLabel("Postal code")).toBeVisible();
    await expectNoViolations(page, "the new payment form, saving the card (billing address asked)");
    await page.getByLabel("Save the card").uncheck();
    await page.getByLabel("Amount").fill("42.50");
    await page.getByLabel("First name").fill("Noura");
    await page.getByLabel("Last name").fill("Saleh");
    await page.getByLabel("E-mail").fill("noura.saleh@example.com");
    await page.getByLabel("Phone").fill("+966500000001");
    await page.getByLabel("Card number").fill("4111111111111111");
    await page.getByLabel("Expiry month").fill("05");
    await page.getByLabel("Expiry year").fill("2038");
    await page.getByLabel("Security code (CVV)").fill("123");
    await page.getByRole("button", { name: "Take payment" }).click();
    await expect(page.getByRole("heading", { name: "3-D Secure verification" })).toBeVisible();
    await expect(page.frameLocator('iframe[title="3-D Secure verification"]').locator('input[name="otp"]')).toBeVisible();
    await expectNoViolations(page, "the 3-D Secure view");
    const frame = page.frameLocator('iframe[title="3-D Secure verification"]');
    await frame.locator('input[name="otp"]').fill("1234");
    await frame.locator('input[name="otp"]').press("Enter");
    await expect(page.getByText("Paid: the money was taken.")).toBeVisible({ timeout: 20_000 });
    await expectNoViolations(page, "the new payment result");
  });

  test("billing plans: create plan (form, errors), then pause and cancel confirmations", async ({ page }) => {
    await page.goto("/recurring");
    const customer = page.getByRole("region", { name: seeded.recurringEmail });
    await customer.getByRole("button", { name: "Create plan" }).click();
    const create = page.getByRole("dialog", { name: "Create plan" });
    await expect(create).toBeVisible();
    await expectNoViolations(page, "the create plan dialog");
    await create.getByRole("button", { name: "Create plan" }).click();
    await expect(create.getByLabel(/Amount/)).toHaveAttribute("aria-invalid", "true");
    await expectNoViolations(page, "the create plan dialog with field errors");
    await create.getByLabel(/Amount/).fill("15.00");
    await create.getByLabel("Description").fill("Accessibility check plan");
    await create.getByRole("button", { name: "Create plan" }).click();
    await expect(create).toHaveCount(0);

    await page.goto("/recurring/plans");
    await settle(page);
    await expectNoViolations(page, "the billing plans page with a plan");
    for (const change of ["Pause plan", "Cancel plan"]) {
      await page
        .getByRole("button", { name: new RegExp(`^${change}`) })
        .first()
        .click();
      const dialog = page.getByRole("dialog", { name: change });
      await expect(dialog).toBeVisible();
      await expectNoViolations(page, `the ${change.toLowerCase()} dialog`);
      await dialog.getByRole("button", { name: "Keep as is" }).click();
      await expect(dialog).toHaveCount(0);
    }
  });

  test("setting up an authenticator app from the Account page (MFA_REQUIRED=none here: the admin has none)", async ({ page }) => {
    await page.goto("/account");
    await page.getByRole("button", { name: "Set up an authenticator app" }).click();
    const dialog = page.getByRole("dialog", { name: "Set up an authenticator app" });
    await expect(dialog.getByTestId("totp-secret")).toBeVisible();
    await expectNoViolations(page, "the authenticator set-up dialog");
    await dialog.getByLabel("Code from the app").fill("000000");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog.getByRole("alert")).toBeVisible();
    await expectNoViolations(page, "the authenticator set-up dialog with an error");
    await dialog.getByRole("button", { name: "Close" }).click(); // left unconfirmed: not a factor, nothing changes
    await expect(dialog).toHaveCount(0);
  });
});

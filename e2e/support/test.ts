// The `test` every spec imports (with everything else of @playwright/test): the same runner, with one guarantee added.
// A page that has just loaded shows the server's HTML until React hydrates it, and a click or a keystroke before
// then reaches no handler and is lost: with one core busy, specs failed because an account menu, a "Use a recovery
// code instead" switch or a leave guard was used a moment too early. So every navigation a spec waits for (goto,
// reload, back, forward, waitForURL) returns only once the dashboard's page is hydrated, which the root layout marks
// on <html data-hydrated> (components/ui/hydration-mark.tsx). Pages that are not the dashboard's (the sandbox's
// checkout and 3-D Secure pages, a route handler's HTML, a JSON body) carry no Next.js script and are not waited for.
//
// The wait is installed on Playwright's Page class itself, once per worker, so that it holds for every page of every
// context a spec opens (browser.newContext() included), not only the `page` fixture. tests/lint/e2e-hydration.test.ts
// fails on a spec that imports `test` from anywhere else.
import { test as base, type Page } from "@playwright/test";

export * from "@playwright/test";

/** The document is the dashboard's and React has hydrated it, or the document is not a Next.js page at all. */
const SETTLED = 'html[data-hydrated], html:not(:has(script[src*="/_next/static/"]))';
const HYDRATION_TIMEOUT_MS = 15_000;

type WaitUntil = "load" | "domcontentloaded" | "networkidle" | "commit";

/** Resolves once the page's document has settled (see SETTLED); a spec that asked only for the commit is not held. */
export async function settled(page: Page, waitUntil?: WaitUntil): Promise<void> {
  if (waitUntil === "commit" || page.isClosed()) return;
  try {
    await page.locator(SETTLED).waitFor({ state: "attached", timeout: HYDRATION_TIMEOUT_MS });
  } catch (e) {
    if (page.isClosed()) return;
    throw new Error(`${page.url()} did not hydrate within ${HYDRATION_TIMEOUT_MS / 1000} s (no <html data-hydrated>): ${String(e)}`);
  }
}

/**
 * For a full load the wrapped navigations do not see (a form's submit that lands on a new document, waited for with
 * `expect(page).toHaveURL`): wait until it is hydrated before the first click.
 */
export async function hydrated(page: Page): Promise<void> {
  await settled(page);
}

const INSTALLED = Symbol.for("dashboard.e2e.hydrationWait");

type Navigation = (this: Page, ...args: never[]) => Promise<unknown>;

/** Wraps the navigations of Page's prototype so that each one also waits for hydration. Idempotent. */
export function installHydrationWait(proto: Page): void {
  const target = proto as Page & { [INSTALLED]?: true };
  if (target[INSTALLED]) return;
  target[INSTALLED] = true;
  const wrap = (name: "goto" | "reload" | "goBack" | "goForward" | "waitForURL", optionsAt: number) => {
    const original = target[name] as unknown as Navigation;
    const wrapped = async function (this: Page, ...args: never[]) {
      const result = await original.apply(this, args);
      const options = args[optionsAt] as { waitUntil?: WaitUntil } | undefined;
      // goBack/goForward answer null when there was nowhere to go: nothing loaded, nothing to wait for.
      if (result !== null || name === "waitForURL") await settled(this, options?.waitUntil);
      return result;
    };
    Object.defineProperty(target, name, { value: wrapped, configurable: true, writable: true });
  };
  wrap("goto", 1);
  wrap("reload", 0);
  wrap("goBack", 0);
  wrap("goForward", 0);
  wrap("waitForURL", 1);
}

export const test = base.extend<object, { hydrationWait: void }>({
  hydrationWait: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      installHydrationWait(Object.getPrototypeOf(page) as Page);
      await context.close();
      await use();
    },
    { scope: "worker", auto: true },
  ],
});

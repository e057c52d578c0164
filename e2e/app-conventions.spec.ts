// What a Next.js app is expected to have (issue #12 §6), checked against the built dashboard. Rules guarded: an
// unknown address answers 404 with a page that says so and offers the way back (the Overview when signed in,
// sign-in when not; an unknown payment id inside the shell), never a bare error; the web manifest and the icons are
// served to a browser without a session (a manifest is fetched without cookies) and every page's head links them.
import { expect, test } from "./support/test";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";
import { e2eUrls } from "../playwright.config";

test("not-found rule: an unknown address answers 404, says so, and leads a signed-in user back to the Overview", async ({ page }) => {
  await signedInAs(page, E2E_USERS.admin);
  const res = await page.goto("/no-such-page/at-all");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  await page.getByRole("main").getByRole("link", { name: "Back to Overview" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
});

test("not-found rule: an unknown or malformed payment id answers 404 (no skeleton streamed first), inside the shell", async ({ page }) => {
  await signedInAs(page, E2E_USERS.admin);
  await page.goto("/overview");
  for (const path of ["/transactions/not-an-id", "/transactions/00000000-0000-4000-8000-000000000000"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  }
});

test("not-found rule: signed out, an unknown public address answers 404 with a way to sign in", async ({ page }) => {
  const res = await page.goto("/payments/return/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("manifest rule: the web manifest is served without a session, with the dashboard's name and icons that exist", async ({ request }) => {
  const res = await request.get("/manifest.webmanifest", { maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = (await res.json()) as { name: string; start_url: string; icons: Array<{ src: string; type: string }> };
  expect(manifest.name).toBe("Merchant dashboard");
  expect(manifest.start_url).toBe("/overview");
  expect(manifest.icons.length).toBeGreaterThanOrEqual(3);
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src, { maxRedirects: 0 });
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()["content-type"], icon.src).toContain(icon.type);
  }
});

test("icon rule: the favicon, the SVG icon and the apple icon are served without a session and linked from the page head", async ({
  page,
  request,
}) => {
  for (const [path, type] of [
    ["/favicon.ico", "image/x-icon"],
    ["/icon.svg", "image/svg+xml"],
    ["/apple-icon.png", "image/png"],
  ] as const) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
    expect(res.headers()["content-type"], path).toContain(type);
  }
  await page.goto("/login");
  const head = page.locator("head");
  await expect(head.locator('link[rel="icon"][href^="/icon.svg"]')).toHaveCount(1);
  await expect(head.locator('link[rel="apple-touch-icon"][href^="/apple-icon.png"]')).toHaveCount(1);
  await expect(head.locator('link[rel="manifest"][href="/manifest.webmanifest"]')).toHaveCount(1);
});

test("hydration rule: a navigation returns only once the dashboard's page is hydrated; a page that is not the dashboard's is not waited for", async ({
  page,
}) => {
  await signedInAs(page, E2E_USERS.admin);
  for (const go of [() => page.goto("/transactions"), () => page.reload(), () => page.goto("/overview"), () => page.goBack()]) {
    await go();
    // Read at once, without a retrying assertion: the navigation itself must have waited.
    expect(await page.locator("html[data-hydrated]").count(), page.url()).toBe(1);
  }
  // The sandbox's own pages (here its mail inbox) carry no Next.js script: the wait lets them through, where waiting
  // for a mark they never get would throw.
  const res = await page.goto(`${e2eUrls.sandbox}/mail`);
  expect(res?.ok()).toBe(true);
  expect(await page.locator("html[data-hydrated]").count()).toBe(0);
});

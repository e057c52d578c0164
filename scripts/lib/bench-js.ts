// Benchmark section "js": gzipped JavaScript the browser downloads on a cold load of every dashboard page, next to
// an empty Next.js app (one page) built here with the project's own next/react. Each page is opened in a fresh
// browser context (empty cache) after signing in; every response of type script is counted once, its body gzipped
// here (level 6, as `next start` compresses), so the figure does not depend on the server's compression.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "@playwright/test";
import { BENCH_LANGUAGES, CHROMIUM, CHROMIUM_ARGS, languageCookies, signInCookies, type BenchStack } from "./bench-stack";
import { kb } from "./bench-util";
import { bin, ROOT, stopAll, waitForUrl } from "./processes";

export const JS_BUDGET_BYTES = 40 * 1024;

export interface PageJs {
  page: string;
  path: string;
  files: number;
  gzipBytes: number;
  largest: Array<{ file: string; gzipBytes: number }>;
}

/** Opens `url` cold and sums the gzipped bodies of its script responses (until the network is idle, at most 5 s after the load event). */
export async function measurePageJs(
  browser: Browser,
  url: string,
  cookies: Parameters<import("@playwright/test").BrowserContext["addCookies"]>[0] = [],
) {
  const context = await browser.newContext();
  if (cookies.length) await context.addCookies(cookies);
  const page = await context.newPage();
  const seen = new Map<string, number>();
  const pending: Array<Promise<void>> = [];
  page.on("response", (res) => {
    const type = res.request().resourceType();
    const ct = res.headers()["content-type"] ?? "";
    if (type !== "script" && !ct.includes("javascript")) return;
    const u = res.url();
    if (seen.has(u)) return;
    seen.set(u, 0);
    pending.push(
      res
        .body()
        .then((b) => void seen.set(u, gzipSync(b, { level: 6 }).byteLength))
        .catch(() => {}),
    );
  });
  const resp = await page.goto(url, { waitUntil: "load" });
  if (!resp || resp.status() >= 400) throw new Error(`${url} answered ${resp?.status()}`);
  // Lazy chunks load after the load event; a page that polls never goes idle, so the wait is bounded.
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
  const finalUrl = page.url();
  await Promise.all(pending);
  await context.close();
  const files = [...seen.entries()].map(([file, gzipBytes]) => ({ file: new URL(file).pathname, gzipBytes }));
  return {
    finalUrl,
    files: files.length,
    gzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
    largest: files.sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5),
  };
}

/** An empty Next.js app (root layout + one page) using the project's installed packages, built in a temp dir. */
export async function measureBaseline(browser: Browser, port: number): Promise<{ gzipBytes: number; files: number; nextVersion: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-empty-next-"));
  try {
    fs.mkdirSync(path.join(dir, "app"));
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "empty-next", private: true, type: "module" }));
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    // Turbopack must be allowed to read the symlinked packages outside the temp dir.
    fs.writeFileSync(path.join(dir, "next.config.mjs"), `export default { turbopack: { root: "/" }, outputFileTracingRoot: "/" };\n`);
    fs.writeFileSync(
      path.join(dir, "app/layout.js"),
      `export default function RootLayout({ children }) {\n  return <html lang="en"><body>{children}</body></html>;\n}\n`,
    );
    fs.writeFileSync(path.join(dir, "app/page.js"), `export default function Page() {\n  return <p>Empty</p>;\n}\n`);
    const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: "" };
    const code = await new Promise<number>((resolve) => {
      const c = spawn(bin("next"), ["build"], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      c.stdout.on("data", (d: Buffer) => (out += d));
      c.stderr.on("data", (d: Buffer) => (out += d));
      c.on("exit", (code) => {
        if (code !== 0) console.error(out);
        resolve(code ?? 1);
      });
    });
    if (code !== 0) throw new Error("the empty Next.js app did not build");
    const server = spawn(bin("next"), ["start", "-p", String(port), "-H", "127.0.0.1"], { cwd: dir, env, stdio: "ignore" });
    try {
      await waitForUrl(`http://127.0.0.1:${port}/`, 60_000, server);
      const m = await measurePageJs(browser, `http://127.0.0.1:${port}/`);
      const nextVersion = (JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules/next/package.json"), "utf8")) as { version: string })
        .version;
      return { gzipBytes: m.gzipBytes, files: m.files, nextVersion };
    } finally {
      await stopAll([server]);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Every page of the dashboard (and the sign-in page), with real ids for the dynamic ones. */
export function dashboardPages(ids: BenchStack["ids"]): Array<[string, string]> {
  return [
    ["Sign-in", "/login"],
    ["Overview", "/overview"],
    ["Transactions", "/transactions"],
    ["Payment", `/transactions/${ids.refundedPayment}`],
    ["New payment", "/payments/new"],
    ["Payment links", "/payments/links"],
    ["Captures", "/captures"],
    ["Refunds", "/refunds"],
    ["Saved cards", "/saved-cards"],
    ["Customers", "/customers"],
    ["Customer", `/customers/${ids.refundedPayment}`],
    // The header search's full page, with results (the popup's own code is loaded on the box's first focus only).
    ["Search", `/search?q=${ids.refundedPayment}`],
    ["Reports", "/reports"],
    ["Scheduled reports", "/reports/schedules"],
    ["Recurring", "/recurring"],
    ["Billing plans", "/recurring/plans"],
    ["Account", "/account"],
    ["Users", "/admin/users"],
    ["Roles", "/admin/roles"],
    ["Role", `/admin/roles/${ids.roleId}`],
    ["New role", "/admin/roles/new"],
    ["Audit log", "/admin/audit"],
    ["Branches", "/admin/branches"],
    ["Partners", "/admin/partners"],
    ["Payment return (3-D Secure frame)", "/payments/return?flow=s2s"],
  ];
}

export async function benchJs(stack: BenchStack, baselinePort: number) {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const baseline = await measureBaseline(browser, baselinePort);
    const { cookies } = await signInCookies(stack.appUrl);
    const rows = [];
    for (const [name, p] of dashboardPages(stack.ids)) {
      for (const language of BENCH_LANGUAGES) {
        const m = await measurePageJs(browser, stack.appUrl + p, languageCookies(stack.appUrl, p === "/login" ? [] : cookies, language));
        if (p !== "/login" && new URL(m.finalUrl).pathname.startsWith("/login")) throw new Error(`${p} redirected to the sign-in page`);
        const diff = m.gzipBytes - baseline.gzipBytes;
        console.log(`  ${name} (${language}): ${kb(m.gzipBytes)} KB in ${m.files} files`);
        rows.push({
          page: name,
          language,
          path: p,
          files: m.files,
          gzipBytes: m.gzipBytes,
          baselineBytes: baseline.gzipBytes,
          diffBytes: diff,
          withinBudget: diff <= JS_BUDGET_BYTES,
          largest: m.largest,
        });
      }
    }
    console.log(
      `\nJavaScript per page, gzipped, cold load (empty Next.js ${baseline.nextVersion} page: ${kb(baseline.gzipBytes)} KB in ${baseline.files} files; budget +40 KB)`,
    );
    console.table(
      rows.map((r) => ({
        page: r.page,
        language: r.language,
        "JS KB (gz)": kb(r.gzipBytes),
        files: r.files,
        "empty page KB": kb(r.baselineBytes),
        "difference KB": kb(r.diffBytes),
        "≤ +40 KB": r.withinBudget ? "yes" : "NO",
      })),
    );
    return { baseline, budgetBytes: JS_BUDGET_BYTES, pages: rows };
  } finally {
    await browser.close();
  }
}

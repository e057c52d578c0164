// PCI DSS 6.4.3: the payment pages' script inventory, made from a fake build folder laid out as Next 16's Turbopack
// build is (build-manifest.json, app-path-routes-manifest.json, a client reference manifest per page, the SRI
// manifest, static chunks), and the checks that judge what a page loaded and what its HTML names.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  buildScriptInventory,
  checkHtmlIntegrity,
  checkLoadedScripts,
  currentScriptInventory,
  INVENTORY_FILE,
  sriOf,
  type PaymentPage,
} from "./script-inventory";

const PAGE: PaymentPage = { route: "/payments/new", appPath: "/(dashboard)/payments/new/page", why: "card entry" };
const ORIGIN = "http://127.0.0.1:3000";
const CHUNKS = {
  runtime: "static/chunks/runtime.js",
  loader: "static/chunks/turbopack-loader.js",
  polyfill: "static/chunks/polyfill.js",
  layout: "static/chunks/layout.js",
  page: "static/chunks/page.js",
  dialog: "static/chunks/dialog.js",
  dialogDep: "static/chunks/dialog-dep.js",
  unrelated: "static/chunks/other-page.js",
};

let dist: string;

function write(rel: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(dist, rel)), { recursive: true });
  fs.writeFileSync(path.join(dist, rel), text);
}

beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "script-inventory-"));
  write("BUILD_ID", "build-1");
  write("build-manifest.json", JSON.stringify({ rootMainFiles: [CHUNKS.runtime, CHUNKS.loader], polyfillFiles: [CHUNKS.polyfill] }));
  write("app-path-routes-manifest.json", JSON.stringify({ [PAGE.appPath]: PAGE.route }));
  write("required-server-files.json", JSON.stringify({ config: { experimental: { sri: { algorithm: "sha384" } } } }));
  write(
    `server/app${PAGE.appPath}_client-reference-manifest.js`,
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(PAGE.appPath)}] = ${JSON.stringify(
      {
        clientModules: {},
        entryJSFiles: {
          "[project]/app/layout": [CHUNKS.layout],
          "[project]/app/(dashboard)/payments/new/page": [CHUNKS.layout, CHUNKS.page],
        },
      },
    )};\n`,
  );
  write(CHUNKS.runtime, "/* react */");
  write(CHUNKS.loader, "/* turbopack runtime */");
  write(CHUNKS.polyfill, "/* polyfills */");
  write(CHUNKS.layout, "/* layout */");
  // The page loads its dialog on demand; the dialog loads one more chunk; a name that is no file is ignored.
  write(CHUNKS.page, `load("${CHUNKS.dialog}"); "static/chunks/not-a-file.js"`);
  write(CHUNKS.dialog, `load("${CHUNKS.dialogDep}")`);
  write(CHUNKS.dialogDep, "/* dep */");
  write(CHUNKS.unrelated, "/* another page */");
  const sri: Record<string, string> = {};
  for (const c of [CHUNKS.runtime, CHUNKS.loader, CHUNKS.polyfill, CHUNKS.layout, CHUNKS.page])
    sri[c] = sriOf(fs.readFileSync(path.join(dist, c)));
  write("server/subresource-integrity-manifest.json", JSON.stringify(sri));
});

afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

const url = (chunk: string) => `/_next/${chunk}`;
const observed = (chunk: string, body?: string) => ({
  url: `${ORIGIN}${url(chunk)}`,
  body: Buffer.from(body ?? fs.readFileSync(path.join(dist, chunk), "utf8")),
});

describe("PCI DSS 6.4.3: the payment pages' script inventory", () => {
  it("lists every script a payment page loads, from the HTML and on demand, with its SHA-384 and why", () => {
    const inv = buildScriptInventory(dist, [PAGE]);
    const page = inv.pages[0]!;
    expect(page.scripts).toEqual(
      [CHUNKS.dialog, CHUNKS.dialogDep, CHUNKS.layout, CHUNKS.page, CHUNKS.polyfill, CHUNKS.runtime, CHUNKS.loader].map(url).sort(),
    );
    expect(page.scripts).not.toContain(url(CHUNKS.unrelated));
    const byUrl = new Map(inv.scripts.map((s) => [s.url, s]));
    expect(byUrl.get(url(CHUNKS.page))!.integrity).toBe(sriOf(Buffer.from(`load("${CHUNKS.dialog}"); "static/chunks/not-a-file.js"`)));
    expect(byUrl.get(url(CHUNKS.page))!.integrity).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    expect(byUrl.get(url(CHUNKS.dialog))).toMatchObject({ load: "on-demand", why: expect.stringContaining(url(CHUNKS.page)) });
    expect(byUrl.get(url(CHUNKS.page))).toMatchObject({ load: "html", why: expect.stringContaining("app/(dashboard)/payments/new/page") });
    expect(byUrl.get(url(CHUNKS.loader))!.why).toMatch(/Turbopack/);
    expect(byUrl.get(url(CHUNKS.runtime))!.why).toMatch(/Next\.js runtime/);
    // Next writes integrity= only on the build manifest's files (Turbopack), not on the page's own chunks.
    expect(byUrl.get(url(CHUNKS.runtime))!.integrityInHtml).toBe(true);
    expect(byUrl.get(url(CHUNKS.page))!.integrityInHtml).toBe(false);
    expect(inv).toMatchObject({ buildId: "build-1", bundler: "turbopack", sri: { algorithm: "sha384", manifest: true } });
    expect(inv.outOfInventory.map((o) => o.route)).toContain("/api/payments/three-ds/:viewId");
  });

  it("refuses a build whose file differs from Next's SRI manifest (changed after the build)", () => {
    write(CHUNKS.layout, "/* layout, edited afterwards */");
    expect(() => buildScriptInventory(dist, [PAGE])).toThrow(/SRI manifest says .* but the file hashes to/);
  });

  it("refuses a build it cannot read instead of listing nothing (a page moved, a manifest changed shape)", () => {
    expect(() => buildScriptInventory(dist, [{ ...PAGE, route: "/elsewhere" }])).toThrow(/has no page/);
    write(`server/app${PAGE.appPath}_client-reference-manifest.js`, "globalThis.__RSC_MANIFEST = {};");
    expect(() => buildScriptInventory(dist, [PAGE])).toThrow(/has no manifest/);
  });

  it("is made again when the file on disk belongs to another build", () => {
    write(INVENTORY_FILE, JSON.stringify({ buildId: "an-older-build", pages: [], scripts: [] }));
    const inv = currentScriptInventory(dist, [PAGE]);
    expect(inv.buildId).toBe("build-1");
    expect(JSON.parse(fs.readFileSync(path.join(dist, INVENTORY_FILE), "utf8")).buildId).toBe("build-1");
  });
});

describe("PCI DSS 6.4.3: a payment page loads only inventoried scripts, unchanged, from its own origin", () => {
  it("passes the scripts as listed", () => {
    const inv = buildScriptInventory(dist, [PAGE]);
    expect(checkLoadedScripts(inv, PAGE.route, ORIGIN, [observed(CHUNKS.runtime), observed(CHUNKS.page), observed(CHUNKS.dialog)])).toEqual(
      [],
    );
  });

  it("fails on a script not in the inventory, one listed only for other pages, or a changed one", () => {
    const inv = buildScriptInventory(dist, [PAGE]);
    const problems = checkLoadedScripts(inv, PAGE.route, ORIGIN, [
      { url: `${ORIGIN}/_next/static/chunks/injected.js`, body: Buffer.from("steal()") },
      observed(CHUNKS.unrelated),
      observed(CHUNKS.page, "/* tampered */"),
    ]);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/injected\.js, which is not in the script inventory/);
    expect(problems[1]).toMatch(/other-page\.js, which is not in the script inventory/);
    expect(problems[2]).toMatch(/page\.js with hash sha384-.*; the inventory says sha384-/);
  });

  it("fails on any script from another origin, even one with a listed path", () => {
    const inv = buildScriptInventory(dist, [PAGE]);
    const problems = checkLoadedScripts(inv, PAGE.route, ORIGIN, [
      { url: "https://cdn.example/skimmer.js", body: Buffer.from("x") },
      { url: `https://evil.example${url(CHUNKS.page)}`, body: null },
    ]);
    expect(problems).toEqual([
      `${PAGE.route} loaded a script from another origin: https://cdn.example/skimmer.js`,
      `${PAGE.route} loaded a script from another origin: https://evil.example${url(CHUNKS.page)}`,
    ]);
  });

  it("checks the HTML's integrity attributes against the inventory", () => {
    const inv = buildScriptInventory(dist, [PAGE]);
    const runtime = inv.scripts.find((s) => s.url === url(CHUNKS.runtime))!;
    const good = `<script src="${url(CHUNKS.runtime)}" integrity="${runtime.integrity}" async=""></script><script src="${url(CHUNKS.page)}" async=""></script>`;
    expect(checkHtmlIntegrity(inv, PAGE.route, ORIGIN, good)).toEqual([]);
    const bad =
      `<script src="${url(CHUNKS.runtime)}" async=""></script>` +
      `<script src="${url(CHUNKS.layout)}" integrity="sha384-AAAA"></script>` +
      `<script src="https://cdn.example/x.js"></script><script src="/_next/static/chunks/injected.js"></script>`;
    expect(checkHtmlIntegrity(inv, PAGE.route, ORIGIN, bad)).toEqual([
      `${PAGE.route}'s HTML names ${url(CHUNKS.runtime)} without its integrity attribute`,
      `${PAGE.route}'s HTML gives ${url(CHUNKS.layout)} integrity sha384-AAAA; the inventory says ${inv.scripts.find((s) => s.url === url(CHUNKS.layout))!.integrity}`,
      `${PAGE.route}'s HTML names a script from another origin: https://cdn.example/x.js`,
      `${PAGE.route}'s HTML names /_next/static/chunks/injected.js, which is not in the script inventory`,
    ]);
  });
});

// PCI DSS 6.4.3: every script a payment page loads is listed (path, SHA-384 in SRI form, why it is there), and a
// page that loads anything else, a listed script with another hash, or a script from another origin is caught.
// The payment pages are where card numbers are typed and where 3-D Secure happens (PAYMENT_PAGES below).
//
// The inventory is made from the build itself, with no browser: Next's manifests name the scripts each page's HTML
// loads (the runtime's rootMainFiles, the polyfills, the client chunks of the page and its layouts), and the chunks
// those load on demand (a lazy dialog, the 3-D Secure frame) are found by following the "static/chunks/…" names
// written in each chunk, so the list is a superset of what a browser fetches. It is written to
// <distDir>/script-inventory.json; `npm run package` writes it before copying .next, so the package holds it at
// .next/script-inventory.json. `npm test` prints it after its one build and compares what Chromium fetches on each
// payment page with it (e2e/payment-page-scripts.spec.ts).
//
// Integrity in the page itself: next.config.mjs turns on experimental.sri (sha384). With Turbopack, Next 16.4
// writes integrity="sha384-…" only on the runtime's rootMainFiles and the polyfills; the page's and layouts' own
// chunks in the HTML and every chunk the Turbopack runtime loads later (a plain script element) carry none. This
// inventory and its check are the control for all of them; `integrityInHtml` says which ones the browser verifies.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const INVENTORY_FILE = "script-inventory.json";

export interface PaymentPage {
  /** The URL path, as the router serves it. */
  route: string;
  /** The app-directory entry of its page (app-path-routes-manifest.json's key). */
  appPath: string;
  why: string;
}

export const PAYMENT_PAGES: PaymentPage[] = [
  {
    route: "/payments/new",
    appPath: "/(dashboard)/payments/new/page",
    why: "staff type the card number, expiry and CVV; the 3-D Secure frame opens here",
  },
  {
    route: "/saved-cards",
    appPath: "/(dashboard)/saved-cards/page",
    why: "the saved-card charge dialog, and its 3-D Secure frame",
  },
  { route: "/recurring", appPath: "/(dashboard)/recurring/page", why: "the recurring charge-now dialog" },
  {
    route: "/payments/return",
    appPath: "/(public)/payments/return/page",
    why: "the 3-D Secure return address: the dashboard's own page, loaded inside the 3-D Secure frame",
  },
];

/**
 * Not in the inventory, on purpose: the 3-D Secure view (/api/payments/three-ds/:viewId) is the gateway's own page,
 * served by a route handler under its own sandboxing CSP (server/services/payments/new/three-ds-headers.ts) in a
 * frame with an opaque origin; its scripts are the gateway's and the issuer's (their PCI DSS scope, not a page of
 * ours), and it can reach nothing of the dashboard.
 */
export const OUT_OF_INVENTORY = [
  {
    route: "/api/payments/three-ds/:viewId",
    why: "the gateway's 3-D Secure page in a sandboxed frame (opaque origin, its own CSP); its scripts are the gateway's and the issuer's",
  },
];

export interface InventoryScript {
  /** The path the browser asks for (/_next/static/chunks/…). */
  url: string;
  integrity: string;
  bytes: number;
  /** "html": named in the page's HTML; "on-demand": loaded by another listed script when needed. */
  load: "html" | "on-demand";
  why: string;
  /** Whether the page's HTML carries integrity= for it (Next's SRI manifest has it and Next writes it). */
  integrityInHtml: boolean;
  /** The payment pages that may load it. */
  pages: string[];
}

export interface ScriptInventory {
  rule: string;
  buildId: string;
  bundler: "turbopack" | "webpack";
  sri: { algorithm: string | null; manifest: boolean };
  pages: Array<{ route: string; why: string; scripts: string[] }>;
  outOfInventory: typeof OUT_OF_INVENTORY;
  scripts: InventoryScript[];
}

export const sriOf = (bytes: Buffer | Uint8Array): string => `sha384-${createHash("sha384").update(bytes).digest("base64")}`;

const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, "utf8"));

type ClientReferenceManifest = { entryJSFiles?: Record<string, string[]> };

/** Next writes the client reference manifest as a script: `globalThis.__RSC_MANIFEST["<appPath>"] = {JSON};`. */
function readClientReferenceManifest(file: string, appPath: string): ClientReferenceManifest {
  const text = fs.readFileSync(file, "utf8");
  const marker = `globalThis.__RSC_MANIFEST[${JSON.stringify(appPath)}] = `;
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`${file} has no manifest for ${appPath}: the build layout changed?`);
  const json = text
    .slice(at + marker.length)
    .trim()
    .replace(/;$/, "");
  return JSON.parse(json) as ClientReferenceManifest;
}

const CHUNK_REF = /static\/(?:chunks|media)\/[A-Za-z0-9_.~-]+\.js\b/g;
const toUrl = (file: string) => `/_next/${file.replace(/^\/?_next\//, "").replace(/^\//, "")}`;
const toFile = (url: string) => url.replace(/^\/_next\//, "");

/**
 * The payment pages' scripts from a build folder. Throws when the build is not one this code can read (so a change
 * of Next's layout fails the check instead of producing an empty inventory).
 */
export function buildScriptInventory(distDir: string, pages: PaymentPage[] = PAYMENT_PAGES): ScriptInventory {
  const buildId = fs.readFileSync(path.join(distDir, "BUILD_ID"), "utf8").trim();
  const buildManifest = readJson(path.join(distDir, "build-manifest.json")) as { rootMainFiles?: string[]; polyfillFiles?: string[] };
  const sriFile = path.join(distDir, "server", "subresource-integrity-manifest.json");
  const sriManifest = fs.existsSync(sriFile) ? (readJson(sriFile) as Record<string, string>) : null;
  const config = fs.existsSync(path.join(distDir, "required-server-files.json"))
    ? (readJson(path.join(distDir, "required-server-files.json")) as { config?: { experimental?: { sri?: { algorithm?: string } } } })
    : {};
  const bundler =
    fs.existsSync(path.join(distDir, "turbopack")) || (buildManifest.rootMainFiles ?? []).some((f) => /turbopack-/.test(f))
      ? "turbopack"
      : "webpack";
  if (!buildManifest.rootMainFiles?.length)
    throw new Error(`${distDir}/build-manifest.json names no rootMainFiles: the build layout changed?`);

  const scripts = new Map<string, InventoryScript>();
  // Why each script is there: a fixed reason (the runtime), the segments (layouts, pages, error boundaries) whose
  // client components it carries, or the scripts that load it on demand.
  const fixed = new Map<string, string>();
  const segments = new Map<string, Set<string>>();
  const loadedBy = new Map<string, Set<string>>();
  const note = (m: Map<string, Set<string>>, url: string, v: string) => (m.get(url) ?? m.set(url, new Set()).get(url)!).add(v);
  const add = (url: string, load: InventoryScript["load"], page: string) => {
    const file = path.join(distDir, toFile(url));
    if (!fs.existsSync(file)) throw new Error(`${url} is named by the build but ${file} does not exist`);
    const known = scripts.get(url);
    if (known) {
      if (!known.pages.includes(page)) known.pages.push(page);
      if (load === "html") known.load = "html";
      return known;
    }
    const bytes = fs.readFileSync(file);
    const integrity = sriOf(bytes);
    const inSri = sriManifest?.[toFile(url)];
    if (inSri !== undefined && inSri !== integrity) {
      throw new Error(`${url}: Next's SRI manifest says ${inSri} but the file hashes to ${integrity} (changed after the build?)`);
    }
    const s: InventoryScript = { url, integrity, bytes: bytes.length, load, why: "", integrityInHtml: false, pages: [page] };
    scripts.set(url, s);
    return s;
  };

  const rootMain = new Set(buildManifest.rootMainFiles.map(toUrl));
  const polyfills = new Set((buildManifest.polyfillFiles ?? []).map(toUrl));
  const routes = readJson(path.join(distDir, "app-path-routes-manifest.json")) as Record<string, string>;
  const result: ScriptInventory["pages"] = [];

  for (const p of pages) {
    if (routes[p.appPath] !== p.route) throw new Error(`the build has no page ${p.appPath} at ${p.route}: was it moved?`);
    const manifestFile = path.join(distDir, "server", "app", `${p.appPath}_client-reference-manifest.js`);
    const manifest = readClientReferenceManifest(manifestFile, p.appPath);
    const pageScripts = new Set<string>();
    for (const url of rootMain) {
      add(url, "html", p.route);
      fixed.set(
        url,
        /turbopack-[^/]*\.js$/.test(url)
          ? "Turbopack's chunk loader (Next.js runtime)"
          : "Next.js runtime: React, React DOM and the App Router (rootMainFiles)",
      );
      pageScripts.add(url);
    }
    for (const url of polyfills) {
      add(url, "html", p.route);
      fixed.set(url, "Next.js polyfills, run only by browsers without ES modules (nomodule)");
      pageScripts.add(url);
    }
    for (const [segment, files] of Object.entries(manifest.entryJSFiles ?? {})) {
      for (const f of files) {
        const url = toUrl(f);
        add(url, "html", p.route);
        pageScripts.add(url);
        note(segments, url, segment.replace(/^\[project\]\//, ""));
      }
    }
    if (!manifest.entryJSFiles) throw new Error(`${manifestFile} has no entryJSFiles: the build layout changed?`);
    // Everything those scripts may load later, following the chunk names written in them.
    const queue = [...pageScripts];
    while (queue.length) {
      const from = queue.shift()!;
      const text = fs.readFileSync(path.join(distDir, toFile(from)), "latin1");
      for (const ref of new Set(text.match(CHUNK_REF) ?? [])) {
        const url = toUrl(ref);
        if (!fs.existsSync(path.join(distDir, ref))) continue; // a name in a string that is no file of this build
        const known = pageScripts.has(url);
        add(url, "on-demand", p.route);
        if (!rootMain.has(url) && !polyfills.has(url)) note(loadedBy, url, from);
        if (!known) {
          pageScripts.add(url);
          queue.push(url);
        }
      }
    }
    result.push({ route: p.route, why: p.why, scripts: [...pageScripts].sort() });
  }

  for (const s of scripts.values()) {
    s.why =
      fixed.get(s.url) ??
      (s.load === "html"
        ? `client components of ${[...(segments.get(s.url) ?? [])].join(", ")} (the page's entry chunks)`
        : `loaded on demand (a lazy component or import()) by ${[...(loadedBy.get(s.url) ?? [])].sort().join(", ")}`);
    // Next 16.4 with Turbopack writes integrity= only for the files it puts in the HTML from the build manifest.
    s.integrityInHtml = Boolean(sriManifest?.[toFile(s.url)]) && (rootMain.has(s.url) || polyfills.has(s.url));
    s.pages.sort();
  }
  return {
    rule: "PCI DSS 6.4.3: every script loaded on a payment page is authorized, listed with its reason, and its integrity checked",
    buildId,
    bundler,
    sri: { algorithm: config.config?.experimental?.sri?.algorithm ?? null, manifest: sriManifest !== null },
    pages: result,
    outOfInventory: OUT_OF_INVENTORY,
    scripts: [...scripts.values()].sort((a, b) => a.url.localeCompare(b.url)),
  };
}

/** Writes <distDir>/script-inventory.json and returns it. */
export function writeScriptInventory(distDir: string, pages?: PaymentPage[]): ScriptInventory {
  const inventory = buildScriptInventory(distDir, pages);
  fs.writeFileSync(path.join(distDir, INVENTORY_FILE), `${JSON.stringify(inventory, null, 2)}\n`);
  return inventory;
}

/** The inventory of this build: the file when it belongs to the build's id, else made again (and written). */
export function currentScriptInventory(distDir: string, pages?: PaymentPage[]): ScriptInventory {
  const file = path.join(distDir, INVENTORY_FILE);
  const buildId = fs.readFileSync(path.join(distDir, "BUILD_ID"), "utf8").trim();
  if (fs.existsSync(file)) {
    const inventory = readJson(file) as ScriptInventory;
    if (inventory.buildId === buildId) return inventory;
  }
  return writeScriptInventory(distDir, pages);
}

export interface ObservedScript {
  /** The absolute URL the browser fetched. */
  url: string;
  /** The body the browser received (null when none was, e.g. a blocked request). */
  body: Buffer | null;
}

/**
 * What is wrong with the scripts a payment page loaded, one sentence each (none: the page is as listed). A script
 * from any origin but the dashboard's, one not listed for this page, or one whose bytes hash otherwise, is named.
 */
export function checkLoadedScripts(inventory: ScriptInventory, route: string, appOrigin: string, observed: ObservedScript[]): string[] {
  const page = inventory.pages.find((p) => p.route === route);
  if (!page) return [`${route} is not a payment page of the inventory`];
  const byUrl = new Map(inventory.scripts.map((s) => [s.url, s]));
  const listed = new Set(page.scripts);
  const problems: string[] = [];
  for (const o of observed) {
    const u = new URL(o.url, appOrigin);
    if (u.origin !== new URL(appOrigin).origin) {
      problems.push(`${route} loaded a script from another origin: ${o.url}`);
      continue;
    }
    const entry = byUrl.get(u.pathname);
    if (!entry || !listed.has(u.pathname)) {
      problems.push(`${route} loaded ${u.pathname}, which is not in the script inventory for this page`);
      continue;
    }
    if (o.body === null) continue; // not received: nothing ran
    const got = sriOf(o.body);
    if (got !== entry.integrity) problems.push(`${route} loaded ${u.pathname} with hash ${got}; the inventory says ${entry.integrity}`);
  }
  return problems;
}

/**
 * The <script src> tags of a page's HTML against the inventory: an integrity attribute must equal the listed hash,
 * and every script the inventory says carries one must have it (the browser then refuses a changed file itself).
 */
export function checkHtmlIntegrity(inventory: ScriptInventory, route: string, appOrigin: string, html: string): string[] {
  const byUrl = new Map(inventory.scripts.map((s) => [s.url, s]));
  const problems: string[] = [];
  for (const tag of html.match(/<script\b[^>]*\bsrc=[^>]*>/gi) ?? []) {
    const src = /\bsrc="([^"]*)"/i.exec(tag)?.[1];
    if (!src) continue;
    const u = new URL(src.replace(/&amp;/g, "&"), appOrigin);
    if (u.origin !== new URL(appOrigin).origin) {
      problems.push(`${route}'s HTML names a script from another origin: ${src}`);
      continue;
    }
    const entry = byUrl.get(u.pathname);
    const integrity = /\bintegrity="([^"]*)"/i.exec(tag)?.[1];
    if (!entry) problems.push(`${route}'s HTML names ${u.pathname}, which is not in the script inventory`);
    else if (integrity !== undefined && integrity !== entry.integrity)
      problems.push(`${route}'s HTML gives ${u.pathname} integrity ${integrity}; the inventory says ${entry.integrity}`);
    else if (integrity === undefined && entry.integrityInHtml)
      problems.push(`${route}'s HTML names ${u.pathname} without its integrity attribute`);
  }
  return problems;
}

/** The inventory as lines for a terminal. */
export function describeInventory(inventory: ScriptInventory): string {
  const lines = [
    `Payment-page script inventory (${inventory.rule.split(":")[0]}), build ${inventory.buildId}, ${inventory.bundler}, ` +
      `SRI ${inventory.sri.algorithm ?? "off"}${inventory.sri.manifest ? "" : " (no SRI manifest)"}`,
  ];
  for (const p of inventory.pages) {
    const html = p.scripts.filter((u) => inventory.scripts.find((s) => s.url === u)?.load === "html").length;
    lines.push(`  ${p.route}: ${p.scripts.length} scripts (${html} in the HTML, ${p.scripts.length - html} on demand) — ${p.why}`);
  }
  for (const s of inventory.scripts) {
    lines.push(`  ${s.url} ${s.integrity}${s.integrityInHtml ? " [integrity in HTML]" : ""} ${s.load}: ${s.why}`);
  }
  for (const o of inventory.outOfInventory) lines.push(`  not listed: ${o.route}: ${o.why}`);
  return lines.join("\n");
}

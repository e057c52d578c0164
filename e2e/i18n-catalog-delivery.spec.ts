// Rule guarded (#15, the JS budget in both languages): a page sends the browser only the catalog namespaces it uses,
// never a whole catalog. The HTML of a page (markup and the RSC payload with the client components' messages) must not
// hold any message of a namespace that page never shows; checked in English and in Arabic, signed out and signed in.
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type APIRequestContext } from "./support/test";
import { signedInAs } from "./support/sign-in";
import { E2E_USERS } from "./support/users";

type Tree = { [key: string]: string | Tree };

/** A language's whole catalog, read from messages/<language>/*.json (namespace = file name). */
function catalogOf(language: "en" | "ar"): Record<string, Tree> {
  const dir = fileURLToPath(new URL(`../messages/${language}/`, import.meta.url));
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => [f.replace(/\.json$/, ""), JSON.parse(fs.readFileSync(dir + f, "utf8")) as Tree]),
  );
}

function messagesOf(tree: Tree): string[] {
  return Object.values(tree).flatMap((v) => (typeof v === "string" ? [v] : messagesOf(v)));
}

/**
 * Messages long and plain enough to be unmistakable in a page's HTML (no placeholders, quotes or markup), and found in
 * no namespace the page may have, whole or as a part (the same words can be in two namespaces: "E-mail" in users
 * and in validation).
 */
function distinctive(catalog: Record<string, Tree>, namespace: string, foreign: string[]): string[] {
  const allowed = new Set(
    Object.keys(catalog)
      .filter((ns) => !foreign.includes(ns))
      .flatMap((ns) => messagesOf(catalog[ns]!)),
  );
  const allowedText = [...allowed].join("\n");
  // Not part of an allowed message either ("authenticator app" is inside a sign-in sentence).
  return messagesOf(catalog[namespace] ?? {}).filter((m) => m.length >= 16 && !/[{}<>"'&\\]/.test(m) && !allowedText.includes(m));
}

async function html(request: APIRequestContext, path: string, language: "en" | "ar"): Promise<string> {
  const res = await request.get(path, { headers: { "accept-language": language === "ar" ? "ar-SA,ar;q=0.9" : "en" } });
  expect(res.status(), path).toBe(200);
  return res.text();
}

const CASES: Array<{ path: string; signedIn: boolean; foreign: string[] }> = [
  { path: "/login", signedIn: false, foreign: ["transactions", "payment", "roles", "users", "reports", "overview", "newPayment", "audit"] },
  { path: "/transactions", signedIn: true, foreign: ["roles", "users", "audit", "reports", "newPayment", "recurring", "auth"] },
  { path: "/admin/roles", signedIn: true, foreign: ["transactions", "payment", "reports", "newPayment", "recurring", "auth"] },
];

for (const language of ["en", "ar"] as const) {
  test(`per-page catalogs (${language}): no page carries the messages of screens it does not show`, async ({ page, request }) => {
    const catalog = catalogOf(language);
    await signedInAs(page, E2E_USERS.admin);
    for (const c of CASES) {
      // Signed out: the test's own request context, which holds no session cookie.
      const body = await html(c.signedIn ? page.request : request, c.path, language);
      if (c.signedIn) expect(body, c.path).not.toContain('action="/login');
      const checked = c.foreign.flatMap((ns) => distinctive(catalog, ns, c.foreign).map((m) => [ns, m] as const));
      expect(checked.length, `${c.path}: messages to look for`).toBeGreaterThan(20);
      const leaked = checked.filter(([, m]) => body.includes(m)).map(([ns, m]) => `${ns}: ${m}`);
      expect(leaked, `${c.path} (${language}) holds other screens' messages`).toEqual([]);
    }
  });
}

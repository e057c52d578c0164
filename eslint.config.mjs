import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import local from "./eslint-rules/index.mjs";

// The floors of DESIGN.md, enforced with import/no-restricted-paths (eslint-plugin-import, loaded by
// eslint-config-next with the TypeScript resolver, so `@/` imports are resolved like relative ones). Proved by
// tests/lint/layers.test.ts. Test code (below) may reach across floors to set a scene; production code may not.
// import/no-cycle is left out for now: it catches the app-deps.ts ↔ sync/scheduler.ts circle (the dynamic import too)
// and schema.ts ↔ schema-mfa.ts / schema-passwords.ts, but it parses every imported module: 1.6× the lint's CPU time
// even with settings "import/ignore": ["node_modules"] and { ignoreExternal: true } (without them it parses PGlite).
const TEST_FILES = ["**/*.test.ts", "**/*.test.tsx", "tests/**", "e2e/**", "**/*.support.ts"];
const PRODUCTION = ["app", "components", "lib", "server", "sandbox", "scripts", "proxy.ts", "instrumentation.ts"];

const floor = (target, from, why) => ({ target, from, message: why });

const UI_FILES = ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"];
const UI_IGNORES = [...TEST_FILES, "app/api/**", "**/fixture.ts"];

/** Floors that bind every file of lib/ and components/, their tests too (none of them needs more). */
const browserSafeFloors = [
  floor(
    "lib",
    ["server", "components", "app", "sandbox"],
    "lib/ is browser-safe: it imports nothing from server/, components/, app/ or sandbox/.",
  ),
  floor("components", ["server", "app", "sandbox"], "components/ reach the browser: they import nothing from server/, app/ or sandbox/."),
];

/** Floors of production code (tests excluded: an integration test starts the sandbox and calls any layer). */
const productionFloors = [
  ...browserSafeFloors,
  floor("server", ["app", "components"], "server/ is below the pages: it imports nothing from app/ or components/ (nor sandbox/, below)."),
  // The database client and schema and the gateway client are the ground floor of server/. server/db/index.ts
  // (getDatabase: open, migrate, then seed the roles and the first admin with server/auth/users) is the one
  // composition point there, so it alone may import auth/.
  floor(
    ["server/db/!(index).ts", "server/gateway"],
    ["server/services", "server/http", "server/auth"],
    "server/db/ and server/gateway/ are the ground floor: they import nothing from services/, http/ or auth/.",
  ),
  floor("server/db/index.ts", ["server/services", "server/http"], "server/db/ imports nothing from services/ or http/."),
  floor("server/services", ["server/http"], "Services do not know HTTP: server/http/ (the route layer) is above them."),
  floor(
    "sandbox",
    ["app", "server", "lib", "components", "scripts"],
    "The sandbox is a stand-alone program: it writes its own code from the contract and imports nothing of the app's.",
  ),
  floor(
    ["app", "server", "lib", "components", "scripts", "proxy.ts", "instrumentation.ts"],
    ["sandbox"],
    "The app never imports the sandbox (scripts start it as a separate process).",
  ),
  // One glob, so that tests/support/x.support.ts is reported once, not once per pattern it matches.
  floor(PRODUCTION, "{tests/**,e2e/**,**/*.support.ts}", "Production code imports nothing from tests/, e2e/ or any *.support.ts."),
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    // The status cards (not-found, error) link with a plain <a> on purpose: a full load resets a broken page, and
    // next/link in the root boundaries would add its client code to every route. Since the catch-all 404 route
    // (app/(missing)/[...missing]) every address counts as "a page" to this rule, so it is off for them only.
    name: "status-cards/plain-links",
    files: ["components/status/**", "app/global-error.tsx"],
    rules: { "@next/next/no-html-link-for-pages": "off" },
  },
  {
    name: "floors/production",
    ignores: TEST_FILES,
    rules: { "import/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: productionFloors }] },
  },
  {
    name: "floors/tests",
    files: TEST_FILES,
    rules: { "import/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: browserSafeFloors }] },
  },
  {
    name: "i18n/logical-direction",
    files: UI_FILES,
    ignores: UI_IGNORES,
    plugins: { local },
    rules: { "local/logical-direction": "error" },
  },
  {
    // Every page and component (route handlers answer JSON: their messages go through server/i18n).
    name: "i18n/catalog-only",
    files: UI_FILES,
    ignores: UI_IGNORES,
    plugins: { local },
    rules: { "local/no-ui-literals": "error" },
  },
  {
    // The catalogs reach the browser only through <ClientMessages> (one page's namespaces): importing them into a
    // client component would ship every language's every string.
    name: "i18n/catalogs-server-only",
    files: ["app/**", "components/**", "lib/**"],
    ignores: ["app/layout.tsx", "components/i18n/client-messages.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^@/messages(/.*)?$",
              allowTypeImports: true,
              message: "Catalogs load on the server (server/i18n) and reach the browser per page through <ClientMessages>.",
            },
          ],
        },
      ],
    },
  },
  globalIgnores([
    ".next/**",
    ".next-*/**",
    "out/**",
    "build/**",
    "next-env.d.ts",
    ".data/**",
    "test-results/**",
    "playwright-report/**",
    "server/db/migrations/**",
  ]),
]);

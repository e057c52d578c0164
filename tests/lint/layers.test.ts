// Rules guarded: the floors of DESIGN.md (eslint.config.mjs) report an import that goes up a floor, by path or `@/` alias.
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const RULE = "import/no-restricted-paths";

let eslint: ESLint;
beforeAll(() => {
  // import/no-unresolved on top: an import the resolver cannot follow is never checked by the floors, so a probe
  // that names a missing file (or an alias the resolver misreads) would pass as "allowed" without it.
  eslint = new ESLint({ cwd: ROOT, overrideConfig: { rules: { "import/no-unresolved": "error" } } });
});

/** The floor rule's reports for one import written in a file that need not exist (the imported one must). */
async function floorReports(file: string, specifier: string): Promise<string[]> {
  const code = `import * as probe from "${specifier}";\nexport const used = probe;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  const messages = result!.messages;
  expect(messages.filter((m) => m.ruleId === "import/no-unresolved" || m.fatal)).toEqual([]);
  return messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

// [title, file the import is written in, what it imports]
const forbidden: Array<[string, string, string]> = [
  ["lib/ may not import server/ (browser-safe code never reaches secrets)", "lib/probe.ts", "@/server/env"],
  ["lib/ may not import server/ by a relative path either", "lib/transactions/probe.ts", "../../server/env"],
  ["lib/ may not import components/ (lib sits under the UI)", "lib/probe.ts", "@/components/ui/cx"],
  ["lib/ may not import app/ (routes are the top floor)", "lib/probe.ts", "../app/layout"],
  ["lib/ may not import tests/ (production code imports no test support)", "lib/probe.ts", "@/tests/support/db.support"],
  ["a lib/ test may not import server/ either (lib's floor binds its tests)", "lib/probe.test.ts", "@/server/env"],
  ["components/ may not import server/ (what reaches the browser never holds a secret)", "components/ui/probe.tsx", "@/server/env"],
  ["components/ may not import app/ (routes are the top floor)", "components/ui/probe.tsx", "@/app/layout"],
  ["server/ may not import app/ (the server sits under the routes)", "server/probe.ts", "@/app/layout"],
  ["server/ may not import components/ (the server renders no UI)", "server/services/probe.ts", "@/components/ui/cx"],
  ["server/ may not import sandbox/ (the app never imports the sandbox)", "server/gateway/probe.ts", "@/sandbox/server"],
  ["server/db/ may not import server/services/ (the database is the ground floor)", "server/db/probe.ts", "../services/deps"],
  [
    "server/db/ may not import server/auth/ (only db/index.ts, which seeds the first admin, may)",
    "server/db/probe.ts",
    "@/server/auth/users",
  ],
  ["server/db/index.ts may still not import server/services/", "server/db/index.ts", "../services/deps"],
  ["server/gateway/ may not import server/http/ (the gateway client knows no route)", "server/gateway/probe.ts", "../http/errors"],
  [
    "server/gateway/ may not import server/auth/ (the gateway client knows no session)",
    "server/gateway/probe.ts",
    "@/server/auth/principal",
  ],
  ["server/services/ may not import server/http/ (services do not know HTTP)", "server/services/payments/probe.ts", "@/server/http/errors"],
  ["sandbox/ may not import server/ (a stand-alone program writes its own code from the contract)", "sandbox/probe.ts", "../server/env"],
  ["sandbox/ may not import lib/ (a stand-alone program writes its own code from the contract)", "sandbox/routes/probe.ts", "@/lib/money"],
  ["sandbox/ may not import app/ or components/", "sandbox/probe.ts", "@/components/ui/cx"],
  ["app/ may not import sandbox/ (the app never imports the sandbox)", "app/api/probe/route.ts", "@/sandbox/server"],
  ["scripts/ may not import sandbox/ (scripts start it as a separate process)", "scripts/probe.ts", "../sandbox/server"],
  ["sandbox/ may not import tests/ (production code imports no test support)", "sandbox/probe.ts", "@/tests/support/db.support"],
  ["production code may not import tests/ support (server → tests/support)", "server/services/probe.ts", "@/tests/support/db.support"],
  ["production code may not import a *.support.ts file (app → tests/attacks)", "app/probe.ts", "@/tests/attacks/harness.support"],
  ["production code may not import e2e/ (scripts → e2e/support)", "scripts/lib/probe.ts", "../../e2e/support/users"],
];

const allowed: Array<[string, string, string]> = [
  ["lib/ may import lib/", "lib/probe.ts", "@/lib/money"],
  ["components/ may import lib/ and components/", "components/list/probe.tsx", "@/components/ui/cx"],
  ["app/ may import server/ and components/", "app/api/probe/route.ts", "@/server/http/route"],
  ["server/ may import lib/", "server/probe.ts", "../lib/permissions"],
  ["server/db/ may import server/db/", "server/db/probe.ts", "./schema"],
  ["server/db/index.ts may import server/auth/ (getDatabase seeds the roles and the first admin)", "server/db/index.ts", "../auth/users"],
  ["server/gateway/ may import server/db/ (every call is recorded)", "server/gateway/probe.ts", "@/server/db/client"],
  ["server/services/ may import server/db/, server/gateway/ and server/auth/", "server/services/probe.ts", "@/server/auth/principal"],
  ["server/http/ may import server/services/", "server/http/probe.ts", "../services/deps"],
  ["sandbox/ may import sandbox/", "sandbox/probe.ts", "./server"],
  ["scripts/ may import server/", "scripts/probe.ts", "../server/config"],
  ["a server/ test may import sandbox/ (integration tests start the real sandbox)", "server/services/probe.test.ts", "@/sandbox/server"],
  [
    "a sandbox/ test may import server/ (the contract checked against the app's signing)",
    "sandbox/probe.test.ts",
    "../server/gateway/signing",
  ],
  ["test support may import any production floor", "tests/support/probe.support.ts", "@/server/services/deps"],
  ["e2e/ may import scripts/lib/", "e2e/probe.spec.ts", "../scripts/lib/merchant-server"],
  ["a config file may import test support", "vitest.probe.config.ts", "./tests/support/server-only-stub.support"],
];

describe("the floors (eslint.config.mjs, import/no-restricted-paths)", () => {
  it.each(forbidden)("%s", async (_title, file, specifier) => {
    expect(await floorReports(file, specifier)).toHaveLength(1);
  });

  it.each(allowed)("allowed: %s", async (_title, file, specifier) => {
    expect(await floorReports(file, specifier)).toEqual([]);
  });
});

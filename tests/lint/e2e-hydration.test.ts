// Rule guarded: no browser test acts on a page before React has hydrated it. The wait lives in e2e/support/test.ts
// (every navigation a spec waits for returns once the page is hydrated); a spec that imports `test` straight from
// @playwright/test runs without it, and its first click after a load can be lost on a busy machine: the flaky
// failure this rule exists to prevent (an account menu, a recovery-code switch and a leave guard were each hit).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const E2E = path.resolve(__dirname, "../../e2e");
const specs = fs.readdirSync(E2E).filter((f) => f.endsWith(".spec.ts"));

/** What in a spec's text bypasses the hydration wait (empty: nothing). */
export function hydrationBypasses(text: string): string[] {
  const found: string[] = [];
  if (/from\s+["']@playwright\/test["']/.test(text)) found.push("imports from @playwright/test instead of ./support/test");
  if (!/import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*["']\.\/support\/test["']/.test(text))
    found.push("does not import test from ./support/test");
  return found;
}

describe("every Playwright spec waits for hydration after a navigation (imports test from e2e/support/test.ts)", () => {
  it.each(specs)("%s", (file) => {
    expect(hydrationBypasses(fs.readFileSync(path.join(E2E, file), "utf8")), file).toEqual([]);
  });
});

describe("hydrationBypasses finds a spec that runs without the wait", () => {
  it.each([
    ["Playwright's own test", `import { expect, test } from "@playwright/test";`],
    [
      "only types from the wrapper, test from Playwright",
      `import { test } from "@playwright/test";\nimport { type Page } from "./support/test";`,
    ],
    ["no test import at all", `import { expect } from "./support/test";`],
  ])("%s", (_what, text) => {
    expect(hydrationBypasses(text)).not.toEqual([]);
  });

  it("accepts the wrapper's test, with types beside it", () => {
    expect(hydrationBypasses(`import { expect, test, type Page } from "./support/test";`)).toEqual([]);
  });
});

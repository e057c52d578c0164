// Rule guarded: no hidden retries. A test that passes only when run again is a flaky test, and a suite that retries
// hides it until it fails in someone else's CI run. Vitest and Playwright run every test once in `npm test`: neither
// config sets a retry, and no test file or spec asks for one. (If a retry is ever allowed, the final "tests:" line
// still counts a test that passed only on its retry as failed: scripts/lib/test-reports.ts.)
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../../scripts/lib/source-files";

const ROOT = path.resolve(__dirname, "../..");

const RETRY_IN_TESTS: Array<[string, RegExp]> = [
  ["a Vitest retry option", /\bretry\s*:\s*[1-9]/],
  ["a Playwright retries setting", /\bretries\s*:\s*[1-9]/],
  ["test.describe.configure with retries", /describe\.configure\(\s*\{[^}]*retries/],
  ["a retry() call on a test or suite", /\b(?:it|test|describe)\.retry\s*\(/],
];

/** What in a test file's text asks for a retry (empty: nothing). */
export function retriesIn(text: string): string[] {
  return RETRY_IN_TESTS.filter(([, re]) => re.test(text)).map(([what]) => what);
}

describe("no hidden retries", () => {
  it("the detector sees each way of asking for a retry, and not a gateway retry under test", () => {
    expect(retriesIn(`it("x", { retry: 3 }, async () => {})`)).toEqual(["a Vitest retry option"]);
    expect(retriesIn(`test.describe.configure({ mode: "serial", retries: 2 })`)).toContain("test.describe.configure with retries");
    expect(retriesIn(`export default defineConfig({ retries: 1 })`)).toEqual(["a Playwright retries setting"]);
    expect(retriesIn(`expect(calls.retries).toBe(2); const retryAfter = 5;`)).toEqual([]);
  });

  it("vitest.config.ts and playwright.config.ts run every test once", () => {
    const vitestConfig = fs.readFileSync(path.join(ROOT, "vitest.config.ts"), "utf8");
    expect(vitestConfig).not.toMatch(/\bretry\s*:/);
    const playwrightConfig = fs.readFileSync(path.join(ROOT, "playwright.config.ts"), "utf8");
    expect(playwrightConfig).toMatch(/\bretries:\s*0\b/);
    expect(retriesIn(playwrightConfig)).toEqual([]);
  });

  it("no test file or spec asks for a retry", () => {
    const files = [
      ...sourceFiles(ROOT, ["app", "components", "lib", "server", "sandbox", "scripts", "tests"], /\.test\.tsx?$/),
      ...sourceFiles(ROOT, ["e2e"], /\.ts$/),
    ].filter((f) => f !== __filename);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .map((f) => ({ file: path.relative(ROOT, f), what: retriesIn(fs.readFileSync(f, "utf8")) }))
      .filter((o) => o.what.length > 0);
    expect(offenders).toEqual([]);
  });
});

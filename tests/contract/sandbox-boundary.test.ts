// Threat guarded: the sandbox judging the client with the client's own code (a wrong formula or amount format would
// be mirrored on both sides), or the dashboard depending on the sandbox. Walks the source and fails on a crossing import.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const APP_DIRS = ["app", "server", "lib", "components"];

/** Test files and test support may cross the line on purpose (the sandbox's tests sign with the client's module). */
const isTestCode = (file: string) => /\.test\.tsx?$|\.support\.ts$/.test(file);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

/** Every module specifier a file imports or re-exports (static and dynamic), resolved to a path from the root. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]!);
  return specs.map((s) => {
    if (s.startsWith("@/")) return s.slice(2);
    if (s.startsWith(".")) return path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), s)).split(path.sep).join("/");
    return s;
  });
}

const firstDir = (p: string) => p.split("/")[0]!;

describe("the sandbox and the app do not import each other", () => {
  it("no non-test file under sandbox/ imports from app/, server/, lib/ or components/", () => {
    const crossings = sourceFiles("sandbox")
      .filter((f) => !isTestCode(f))
      .flatMap((f) => importsOf(f).filter((i) => APP_DIRS.includes(firstDir(i))).map((i) => `${f} → ${i}`));
    expect(crossings).toEqual([]);
  });

  it("no non-test file of the app (app/, server/, lib/, components/) imports from sandbox/", () => {
    const crossings = APP_DIRS.flatMap(sourceFiles)
      .filter((f) => !isTestCode(f))
      .flatMap((f) => importsOf(f).filter((i) => firstDir(i) === "sandbox").map((i) => `${f} → ${i}`));
    expect(crossings).toEqual([]);
  });

  it("the walk sees the sandbox's own imports (guards the guard: a broken walk would pass vacuously)", () => {
    expect(importsOf("sandbox/routes/sale.ts")).toContain("sandbox/hashes");
    expect(importsOf("tests/support/services.support.ts")).toContain("sandbox/server");
  });
});

// Rule guarded: everything the gateway profile changes is tested under both profiles. `npm test` runs the tests tagged
// "gateway-profile" a second time under GATEWAY_PROFILE=family (scripts/lib/profile-suites.ts); a module that reads the
// profile (its signing, its parsers, the calls it shapes, the sandbox's verification) must be reached, through the
// imports, by at least one tagged test, or its family behaviour would never run. A new module that reads the profile
// fails here until a test of it is tagged.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { profileTaggedFiles } from "../../scripts/lib/profile-suites";
import { sourceFiles } from "../../scripts/lib/source-files";

const ROOT = path.resolve(__dirname, "../..");

/** Production code that reads the profile: imports the profile module, names its type, or reads `.profile`. */
export function readsProfile(source: string): boolean {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
  return /\.profile\b|from "[^"]*\/profile(-signing)?"|\bGatewayProfile\b/.test(code);
}

/** The files `file` imports (relative or `@/`), resolved to existing .ts/.tsx files. */
export function importsOf(file: string, source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)"([^"]+)"/g)) {
    const spec = m[1]!;
    const base = spec.startsWith("@/")
      ? path.join(ROOT, spec.slice(2))
      : spec.startsWith(".")
        ? path.resolve(path.dirname(file), spec)
        : null;
    if (!base) continue;
    const hit = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find((p) => fs.existsSync(p) && fs.statSync(p).isFile());
    if (hit) out.push(hit);
  }
  return out;
}

/** Every file reached from `start` through the imports. */
function reachedFrom(start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const f = queue.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    queue.push(...importsOf(f, fs.readFileSync(f, "utf8")));
  }
  return seen;
}

describe("the family pass covers what the gateway profile changes", () => {
  it("finds the profile's readers, and not a file that only mentions it in a comment", () => {
    expect(readsProfile(`const max = deps.config.gateway.profile.payerZipMaxLength;`)).toBe(true);
    expect(readsProfile(`import { CONTRACT_PROFILE } from "../../gateway/profile";`)).toBe(true);
    expect(readsProfile(`import { signCreditvoid } from "./profile-signing";`)).toBe(true);
    expect(readsProfile(`// a wrong secret or profile shows at once (the profile, see .profile docs)\nexport const x = 1;`)).toBe(false);
  });

  it("tags something: the family pass is never empty", () => {
    expect(profileTaggedFiles(ROOT).length).toBeGreaterThan(5);
  });

  it("every module that reads the profile is reached by a tagged test", () => {
    const readers = sourceFiles(ROOT, ["server", "sandbox", "lib"], /\.tsx?$/).filter(
      (f) => !/\.(test|support)\.tsx?$/.test(f) && readsProfile(fs.readFileSync(f, "utf8")),
    );
    expect(readers.length).toBeGreaterThan(10);
    const reached = reachedFrom(profileTaggedFiles(ROOT).map((f) => path.join(ROOT, f)));
    const untested = readers.filter((f) => !reached.has(f)).map((f) => path.relative(ROOT, f));
    expect(untested, "modules that read the gateway profile but no tagged test reaches").toEqual([]);
  });
});

// Budget guarded (DESIGN.md: at most 40 KB of JavaScript above an empty Next.js page): zod (~44 KB gzipped) and the
// zod resolver never reach a browser file's static imports. Every "use client" file is followed through its static
// imports inside the project; only `import type` and dynamic `import()` (lazyZodResolver) may name them.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const HEAVY = [/^zod(\/|$)/, /^@hookform\/resolvers(\/|$)/];
const SKIP_DIRS = new Set(["node_modules", ".git", "test-results", ".data"]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name.startsWith(".next") || SKIP_DIRS.has(e.name)) return [];
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Static, value-level import and re-export specifiers of a module (type-only ones are erased by the compiler). */
export function staticImports(code: string): string[] {
  const out: string[] = [];
  const re = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']|(?:^|\n)\s*import\s*["']([^"']+)["']/g;
  for (const m of code.matchAll(re)) {
    if (m[5]) {
      out.push(m[5]);
      continue;
    }
    if (m[2]) continue; // import type … / export type …
    const clause = m[3] ?? "";
    // `import { type A, type B } from` is erased too.
    const braces = /^\{([^}]*)\}$/.exec(clause.trim());
    if (braces && braces[1]!.split(",").every((s) => !s.trim() || s.trim().startsWith("type "))) continue;
    out.push(m[4]!);
  }
  return out;
}

function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith("@/")
    ? path.join(ROOT, spec.slice(2))
    : spec.startsWith(".")
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base) return null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  }
  return null;
}

function heavyChain(file: string, seen = new Map<string, string[] | null>()): string[] | null {
  if (seen.has(file)) return seen.get(file)!;
  seen.set(file, null);
  for (const spec of staticImports(fs.readFileSync(file, "utf8"))) {
    if (HEAVY.some((h) => h.test(spec))) return [path.relative(ROOT, file), spec];
    const next = resolve(file, spec);
    const chain = next ? heavyChain(next, seen) : null;
    if (chain) {
      const full = [path.relative(ROOT, file), ...chain];
      seen.set(file, full);
      return full;
    }
  }
  return null;
}

describe("zod stays out of every page's first load", () => {
  it("the import scanner sees value imports and skips type-only ones", () => {
    expect(
      staticImports('import { z } from "zod";\nimport type { A } from "./a";\nimport { type B } from "./b";\nexport { c } from "./c";'),
    ).toEqual(["zod", "./c"]);
    expect(staticImports('const m = await import("zod");')).toEqual([]);
  });

  it("no browser file reaches zod or the zod resolver through static imports", () => {
    const clientFiles = sourceFiles(ROOT).filter((f) => /^\s*["']use client["']/.test(fs.readFileSync(f, "utf8")));
    expect(clientFiles.length).toBeGreaterThan(10);
    const offenders = clientFiles
      .map((f) => heavyChain(f))
      .filter((c): c is string[] => c !== null)
      .map((c) => c.join(" → "));
    expect(offenders).toEqual([]);
  });
});

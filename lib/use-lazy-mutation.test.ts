// Budget guarded (DESIGN.md: at most 40 KB of JavaScript above an empty Next.js page): TanStack Query's mutation
// observer loads with the first submission (lib/use-lazy-mutation.ts), never with a page. A browser file that
// imports useMutation, or reaches lib/mutation-observer.ts other than through import(), puts it back in first loads.
import fs from "node:fs";
import path from "node:path";
import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { stateOf } from "./use-lazy-mutation";

const ROOT = path.resolve(__dirname, "..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name.startsWith(".") || e.name === "node_modules" || e.name === "test-results") return [];
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe("the mutation observer stays out of every page's first load", () => {
  it("no file outside lib/mutation-observer.ts imports useMutation or MutationObserver as a value, and none imports that module statically", () => {
    const files = ["app", "components", "lib"].flatMap((d) => sourceFiles(path.join(ROOT, d)));
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((f) => {
      const rel = path.relative(ROOT, f);
      if (rel === path.join("lib", "mutation-observer.ts")) return false;
      const code = fs.readFileSync(f, "utf8");
      const valueImport = /import\s*\{([^}]*)\}\s*from\s*["']@tanstack\/react-query["']/g;
      for (const m of code.matchAll(valueImport)) {
        const names = m[1]!.split(",").map((s) => s.trim());
        if (names.some((n) => n === "useMutation" || n === "MutationObserver")) return true;
      }
      // import … from "…/mutation-observer" or export … from it (a dynamic import("./mutation-observer") is the allowed way).
      return /(?:from|import)\s*["'][^"']*\/mutation-observer["']/.test(code);
    });
    expect(offenders.map((f) => path.relative(ROOT, f))).toEqual([]);
  });

  it("the hook's state follows the observer's result: pending with its variables, then the data or the error", async () => {
    const client = new QueryClient();
    const observer = new MutationObserver<string, Error, { vars: number }>(client, {
      mutationFn: async ({ vars }) => {
        if (vars < 0) throw new Error("negative");
        return `ok ${vars}`;
      },
    });
    const seen: Array<ReturnType<typeof stateOf<string, Error, { vars: number }>>> = [];
    const stop = observer.subscribe((r) => seen.push(stateOf(r)));
    await observer.mutate({ vars: 2 });
    expect(seen[0]).toEqual({ isPending: true, data: undefined, error: null, variables: { vars: 2 } });
    expect(seen.at(-1)).toEqual({ isPending: false, data: "ok 2", error: null, variables: { vars: 2 } });
    await observer.mutate({ vars: -1 }).catch(() => undefined);
    expect(seen.at(-1)).toMatchObject({ isPending: false, data: undefined, error: new Error("negative") });
    stop();
  });
});

// Rule guarded: deny by default. Every route handler under app/api must be declared through the wrapper with a
// permission, "authenticated", or explicitly public with a reason; a new route that forgets is caught here.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTE_META, type RouteMeta } from "./route-core";

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const API_DIR = path.resolve(__dirname, "../../app/api");

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? routeFiles(p) : e.name === "route.ts" ? [p] : [];
  });
}

/** Public routes are few and known; adding one is a deliberate change to this list. */
const KNOWN_PUBLIC = new Set(["auth/[...nextauth]", "session/sign-out", "session/set-password", "health", "webhooks/gateway/[secret]"]);

export async function declaredRoutes(): Promise<Array<{ route: string; method: string; meta: RouteMeta | undefined }>> {
  const out: Array<{ route: string; method: string; meta: RouteMeta | undefined }> = [];
  for (const file of routeFiles(API_DIR)) {
    const mod = (await import(file)) as Record<string, unknown>;
    const route = path.relative(API_DIR, path.dirname(file));
    for (const method of METHODS) {
      const handler = mod[method] as { [ROUTE_META]?: RouteMeta } | undefined;
      if (handler) out.push({ route, method, meta: handler[ROUTE_META] });
    }
  }
  return out;
}

describe("route declarations", () => {
  it("every exported handler under app/api is declared with an access rule", async () => {
    const routes = await declaredRoutes();
    expect(routes.length).toBeGreaterThan(0);
    const undeclared = routes.filter((r) => !r.meta).map((r) => `${r.method} /api/${r.route}`);
    expect(undeclared).toEqual([]);
  });

  it("only the known public routes are public, each with a reason", async () => {
    const routes = await declaredRoutes();
    const publicOnes = routes.filter((r) => r.meta?.access.kind === "public");
    for (const r of publicOnes) {
      expect(KNOWN_PUBLIC.has(r.route), `/api/${r.route} is public but not in the known list`).toBe(true);
      expect(r.meta?.access.kind === "public" && r.meta.access.reason.length).toBeGreaterThan(5);
    }
  });
});

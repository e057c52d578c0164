// Every route handler under app/api, found by walking the route.ts files and reading what each exports: the list
// the deny-by-default test and the attack suites (permission matrix, fuzzing) are generated from, so that a new
// route cannot be forgotten by either. Test support (a *.support.ts file), so the lint keeps the app from importing it.
import fs from "node:fs";
import path from "node:path";
import { ROUTE_META, type RouteHandler, type RouteMeta } from "../../server/http/route-core";

export const ROUTE_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export const API_DIR = path.resolve(__dirname, "../../app/api");

export interface DeclaredRoute {
  /** Path under /api, with its dynamic segments as in the folder names, e.g. `transactions/[id]/refunds`. */
  route: string;
  method: (typeof ROUTE_METHODS)[number];
  meta: RouteMeta | undefined;
  handler: RouteHandler;
}

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? routeFiles(p) : e.name === "route.ts" ? [p] : [];
  });
}

export async function declaredRoutes(): Promise<DeclaredRoute[]> {
  const out: DeclaredRoute[] = [];
  for (const file of routeFiles(API_DIR).sort()) {
    const mod = (await import(file)) as Record<string, unknown>;
    const route = path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/");
    for (const method of ROUTE_METHODS) {
      const handler = mod[method] as (RouteHandler & { [ROUTE_META]?: RouteMeta }) | undefined;
      if (handler) out.push({ route, method, meta: handler[ROUTE_META], handler });
    }
  }
  return out;
}

// Rule guarded: deny by default. Every route handler under app/api must be declared through the wrapper with a
// permission, "authenticated", or explicitly public with a reason; a new route that forgets is caught here.
import { describe, expect, it } from "vitest";
import { declaredRoutes } from "../../tests/support/declared-routes.support";

/** Public routes are few and known; adding one is a deliberate change to this list. */
const KNOWN_PUBLIC = new Set([
  "auth/[...nextauth]",
  "session/sign-out",
  "session/set-password",
  "session/password-reset",
  // The language switch: the sign-in page has it (it saves nothing but a cookie unless a session is signed in).
  "session/language",
  "health",
  "health/live",
  "health/ready",
  "webhooks/gateway/[secret]",
  // The same receiver, its secret in the X-Webhook-Secret header instead of the path.
  "webhooks/gateway",
  // Prometheus's scraper: authenticated by the METRICS_TOKEN bearer token, never by a session.
  "metrics",
]);

describe("route declarations", () => {
  it("every exported handler under app/api is declared with an access rule", async () => {
    const routes = await declaredRoutes();
    expect(routes.length).toBeGreaterThan(0);
    const undeclared = routes.filter((r) => !r.meta).map((r) => `${r.method} /api/${r.route}`);
    expect(undeclared).toEqual([]);
    // It imports every route module of app/api: CPU-bound, over the default 30 s on a loaded machine (seen in a
    // soak run). The limit guards against a hang, not a speed.
  }, 120_000);

  it("only the known public routes are public, each with a reason", async () => {
    const routes = await declaredRoutes();
    const publicOnes = routes.filter((r) => r.meta?.access.kind === "public");
    for (const r of publicOnes) {
      expect(KNOWN_PUBLIC.has(r.route), `/api/${r.route} is public but not in the known list`).toBe(true);
      expect(r.meta?.access.kind === "public" && r.meta.access.reason.length).toBeGreaterThan(5);
    }
  });
});

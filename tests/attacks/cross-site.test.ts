import "./next-scope.support"; // first: Next's request scope needs the global AsyncLocalStorage before Next loads
// Threat guarded: cross-site request forgery. Every state-changing route handler (POST, PUT, PATCH, DELETE, from
// the route list) is called with a valid super-admin session cookie, as a victim's browser would send it, but
// from a foreign Origin, `Origin: null` (a sandboxed frame), look-alike origins, or no Origin at all: each is
// refused with 403 origin_rejected in the error shape and writes nothing. The one exemption is the gateway's
// notification receiver (server-to-server, authenticated by its path secret and hash). The proxy (proxy.ts)
// refuses the same requests before they reach a handler. The pure Origin rule is unit-tested in origin.test.ts.
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAuditChain } from "../../server/audit/audit-log";
import { testDatabaseTargets, type TestDatabase } from "../support/db.support";
import {
  APP_ORIGIN,
  call,
  captureAppLog,
  changedTables,
  createActor,
  declaredRoutes,
  errorCode,
  installDatabase,
  pathOf,
  routeOf,
  SAMPLE_PARAMS,
  snapshot,
  startAttackSandbox,
  stopAttackSandbox,
  uninstallDatabase,
  type Actor,
} from "./harness.support";
import { assertNoSecrets } from "./secrets.support";

const ROUTES = await declaredRoutes();
const STATE_CHANGING = ROUTES.filter((r) => ["POST", "PUT", "PATCH", "DELETE"].includes(r.method));
const EXEMPT = new Set(["webhooks/gateway/[secret]", "webhooks/gateway"]);

const HOSTILE_ORIGINS: Array<[string, string | null]> = [
  ["foreign origin", "https://evil.example"],
  ["Origin: null", "null"],
  ["no Origin", null],
  ["look-alike subdomain", `${APP_ORIGIN}.evil.example`],
  ["other scheme", APP_ORIGIN.replace("http:", "https:")],
  ["other port", `${APP_ORIGIN}:8443`],
  ["credentials in the origin", APP_ORIGIN.replace("://", "://user@")],
  ["path smuggled after the origin", `https://evil.example/${APP_ORIGIN}`],
  ["garbage", "%%%"],
];

/** A body each handler would accept, where the test can give one: refusal must come before parsing anyway. */
const BODIES: Record<string, string> = {
  "transactions/views": JSON.stringify({ name: "Cross-site view", query: "" }),
  "admin/users/[userId]/status": JSON.stringify({ status: "disabled" }),
};

afterAll(() => stopAttackSandbox());

describe("cross-site: the route list", () => {
  it("every state-changing handler checks Origin, except the notification receiver's two doors", () => {
    expect(STATE_CHANGING.length).toBeGreaterThan(20);
    expect(
      STATE_CHANGING.filter((r) => EXEMPT.has(r.route))
        .map((r) => r.route)
        .sort(),
    ).toEqual([...EXEMPT].sort());
  });
});

describe.each(testDatabaseTargets())("cross-site requests on $name", (target) => {
  let database: TestDatabase;
  let admin: Actor;
  let victim: Actor;
  const log = captureAppLog();

  beforeAll(async () => {
    await startAttackSandbox();
    database = await target.open();
    await installDatabase(database);
    admin = await createActor(database.db, "super-admin");
    victim = await createActor(database.db, "read-only");
  });
  afterAll(async () => {
    log.restore();
    await uninstallDatabase();
    await database?.dispose();
  });

  it.each(STATE_CHANGING.filter((r) => !EXEMPT.has(r.route)).map((r) => ({ r, label: `${r.method} /api/${r.route}` })))(
    "$label: refused from a foreign, null, look-alike or missing Origin, nothing written",
    async ({ r }) => {
      const params = r.route === "admin/users/[userId]/status" ? { userId: victim.userId } : SAMPLE_PARAMS[r.route];
      const before = await snapshot(database.db);
      for (const [what, origin] of HOSTILE_ORIGINS) {
        const res = await call(r, { params, cookie: admin.cookie, origin, body: BODIES[r.route] ?? "{}" });
        assertNoSecrets(res, `${r.method} ${r.route} (${what})`);
        expect({ what, status: res.status, code: errorCode(res) }).toEqual({ what, status: 403, code: "origin_rejected" });
      }
      // The Host header is the client's to choose: an Origin that matches a forged Host is still foreign.
      for (const host of ["evil.example", "evil.example:80"]) {
        const res = await call(r, {
          params,
          cookie: admin.cookie,
          origin: `http://${host}`,
          headers: { host },
          body: BODIES[r.route] ?? "{}",
        });
        expect({ host, status: res.status, code: errorCode(res) }).toEqual({ host, status: 403, code: "origin_rejected" });
      }
      expect(changedTables(before, await snapshot(database.db))).toEqual([]);
    },
  );

  it("a cross-site sign-out does not end the session (no logout CSRF), and the audit chain still verifies", async () => {
    const signOut = routeOf(ROUTES, "POST", "session/sign-out");
    const res = await call(signOut, { cookie: victim.cookie, origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect((await call(routeOf(ROUTES, "GET", "transactions"), { cookie: victim.cookie })).status).toBe(200);
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true });
  });

  it("the dashboard's own Origin is let through (the refusals above are about the Origin, not the request)", async () => {
    const res = await call(routeOf(ROUTES, "POST", "transactions/views"), { cookie: victim.cookie, body: BODIES["transactions/views"] });
    expect(res.status).toBe(201);
  });

  it("the proxy refuses the same requests before any handler runs", async () => {
    const { proxy } = await import("@/proxy");
    for (const r of STATE_CHANGING.filter((x) => !EXEMPT.has(x.route))) {
      for (const [what, origin] of HOSTILE_ORIGINS) {
        const headers = new Headers({ cookie: admin.cookie, "content-type": "application/json" });
        if (origin !== null) headers.set("origin", origin);
        const res = proxy(
          new NextRequest(`${APP_ORIGIN}${pathOf(r.route, SAMPLE_PARAMS[r.route])}`, { method: r.method, headers, body: "{}" }),
        );
        expect({ route: r.route, what, status: res.status }).toEqual({ route: r.route, what, status: 403 });
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe("origin_rejected");
      }
      const forgedHost = proxy(
        new NextRequest(`http://evil.example${pathOf(r.route, SAMPLE_PARAMS[r.route])}`, {
          method: r.method,
          headers: { origin: "http://evil.example", host: "evil.example", cookie: admin.cookie },
        }),
      );
      expect({ route: r.route, what: "Origin equal to a forged Host", status: forgedHost.status }).toMatchObject({ status: 403 });
      const own = proxy(
        new NextRequest(`${APP_ORIGIN}${pathOf(r.route, SAMPLE_PARAMS[r.route])}`, { method: r.method, headers: { origin: APP_ORIGIN } }),
      );
      expect(own.headers.get("x-middleware-next")).toBe("1");
    }
  });
});

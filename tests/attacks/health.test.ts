// Rules guarded (operators and attackers): readiness tells a load balancer the truth both ways (a database that does
// not answer makes the instance unready; a gateway outage does not, or every instance would be taken out at once);
// liveness queries nothing; the public answers name the build and the failed check but never a host, a port, the
// database's kind or an error message; the gateway's reachability and latency are for signed-in staff only.
import "./next-scope.support"; // first: Next's request scope needs the global AsyncLocalStorage before Next loads
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, type TestDatabase } from "../support/db.support";
import {
  call,
  createActor,
  declaredRoutes,
  installDatabase,
  routeOf,
  startAttackSandbox,
  stopAttackSandbox,
  uninstallDatabase,
  type Actor,
  type Answer,
} from "./harness.support";

const ROUTES = await declaredRoutes();
const get = (route: string, cookie: string | null = null) => call(routeOf(ROUTES, "GET", route), { cookie });

/** Nothing of the deployment's insides in a public answer. */
function expectNoInternals(answer: Answer, gatewayHost: string) {
  for (const inside of ["pglite", "postgres", gatewayHost, gatewayHost.split(":")[1]!, "127.0.0.1", "ECONN", "message"])
    expect(answer.text, `a public health answer names "${inside}"`).not.toContain(inside);
}

afterAll(() => stopAttackSandbox());

describe.each(testDatabaseTargets().slice(0, 1))("health on $name", (target) => {
  let database: TestDatabase;
  let staff: Actor;
  let gatewayHost: string;

  beforeAll(async () => {
    gatewayHost = new URL((await startAttackSandbox()).url).host;
    database = await target.open();
    await installDatabase(database);
    staff = await createActor(database.db, "read-only");
  });
  afterAll(async () => {
    await uninstallDatabase();
    await database?.dispose();
  });

  it("ready: 200 with the build's version and id and every check ok, never cached, nothing internal", async () => {
    for (const route of ["health/ready", "health"]) {
      const answer = await get(route);
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({
        status: "ready",
        version: expect.any(String),
        build: expect.any(String),
        checks: { database: "ok", workers: "ok" },
      });
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expectNoInternals(answer, gatewayHost);
    }
  });

  it("live: answers without touching anything (GET and HEAD)", async () => {
    const answer = await get("health/live");
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ status: "live" });
    expect((await call(routeOf(ROUTES, "HEAD", "health/live"))).status).toBe(204);
    expect((await call(routeOf(ROUTES, "HEAD", "health"))).status).toBe(204);
  });

  it("the gateway's reachability and connect time: signed-in staff only", async () => {
    expect((await get("health/gateway")).status).toBe(401);
    const answer = await get("health/gateway", staff.cookie);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ reachable: true, host: gatewayHost, testMode: expect.any(Boolean) });
    expect((answer.json as { latencyMs: number }).latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("a gateway that refuses connections leaves the instance ready, and staff see it unreachable", async () => {
    await stopAttackSandbox();
    const ready = await get("health/ready");
    expect(ready.status).toBe(200);
    expect((ready.json as { status: string }).status).toBe("ready");
    const gateway = await get("health/gateway", staff.cookie);
    expect(gateway.json).toMatchObject({ reachable: false, latencyMs: null, problem: "ECONNREFUSED", host: gatewayHost });
  });

  it("a database that does not answer makes the instance unready within the check's 3 s, naming only the check", async () => {
    const holders = globalThis as { [key: symbol]: Promise<unknown> | undefined };
    const key = Symbol.for("merchant-dashboard.database");
    const installed = holders[key];
    holders[key] = new Promise(() => {}); // a database that never answers (a hung connection)
    try {
      const started = Date.now();
      const answer = await get("health/ready");
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(answer.status).toBe(503);
      expect(answer.json).toMatchObject({ status: "not_ready", checks: { database: "failed", workers: "failed" } });
      expectNoInternals(answer, gatewayHost);
      expect((await call(routeOf(ROUTES, "HEAD", "health/live"))).status).toBe(204); // alive all the same
    } finally {
      holders[key] = installed;
    }
  });
});

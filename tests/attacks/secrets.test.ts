import "./next-scope.support"; // first: Next's request scope needs the global AsyncLocalStorage before Next loads
// Threat guarded: a secret the server holds (merchant secret, gateway API key, session-signing secret, the
// notification path secret) reaching a client. Every suite of this folder checks every answer it gets (the
// permission matrix, the fuzz's tens of thousands of hostile requests, cross-site, sessions, notifications); this
// one drives the successful paths, where gateway data flows back the most — payments with and without 3-D
// Secure (the gateway's own HTML page included), capture, refund, void, sync, lists, CSV exports, the audit log,
// administration, links, health — and the gateway's failures, and checks each answer and the app's log lines.
// The secrets are unique to the run, so a match is a leak. The HTML of the pages needs Next's renderer (a built
// app): that part and the client bundles are checked by scripts/check-bundle-secrets.ts and the e2e side.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, type TestDatabase } from "../support/db.support";
import {
  call,
  captureAppLog,
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
import { assertNoSecrets, secretsIn } from "./secrets.support";

const ROUTES = await declaredRoutes();
const r = (method: string, route: string) => routeOf(ROUTES, method, route);
const key = () => randomUUID().replace(/-/g, "");

function payment(over: Record<string, unknown> = {}) {
  return JSON.stringify({
    mode: "s2s",
    orderId: `sec-${key().slice(0, 12)}`,
    amount: "120.00",
    currency: "SAR",
    description: "Secrets suite",
    auth: "authorize",
    firstName: "Amal",
    lastName: "Haddad",
    email: "amal@example.com",
    phone: "+966500000000",
    cardNumber: "4111111111111111",
    expMonth: "01",
    expYear: "2038",
    cvv: "123",
    ...over,
  });
}

afterAll(() => stopAttackSandbox());

describe.each(testDatabaseTargets().slice(0, 1))("no secret in any answer on $name", (target) => {
  let database: TestDatabase;
  let admin: Actor;
  let sandboxUrl: string;
  const log = captureAppLog();
  const answers: Array<[string, Answer]> = [];

  async function ok(what: string, method: string, route: string, o: Parameters<typeof call>[1] = {}) {
    const res = await call(r(method, route), { cookie: admin.cookie, ...o });
    answers.push([what, res]);
    assertNoSecrets(res, what);
    return res;
  }

  beforeAll(async () => {
    sandboxUrl = (await startAttackSandbox()).url;
    database = await target.open();
    await installDatabase(database);
    admin = await createActor(database.db, "super-admin");
  });
  afterAll(async () => {
    log.restore();
    await uninstallDatabase();
    await database?.dispose();
  });

  it("payments, money actions, sync, lists and exports", async () => {
    const authorized = await ok("authorize", "POST", "payments", { body: payment() });
    expect(authorized.status).toBe(200);
    const id = (authorized.json as { paymentId: string }).paymentId;
    expect(
      (
        await ok("capture", "POST", "transactions/[id]/capture", {
          params: { id },
          body: JSON.stringify({ amount: "100.00", idempotencyKey: key() }),
        })
      ).status,
    ).toBeLessThan(300);
    expect(
      (
        await ok("refund", "POST", "transactions/[id]/refunds", {
          params: { id },
          body: JSON.stringify({ amount: "10.00", reasonCode: "duplicate", idempotencyKey: key() }),
        })
      ).status,
    ).toBeLessThan(300);
    await ok("sync", "POST", "transactions/[id]/sync", { params: { id } });
    const other = await ok("authorize 2", "POST", "payments", { body: payment() });
    await ok("void", "POST", "transactions/[id]/void", {
      params: { id: (other.json as { paymentId: string }).paymentId },
      body: JSON.stringify({ idempotencyKey: key() }),
    });
    await ok("declined", "POST", "payments", { body: payment({ expMonth: "02" }) });
    await ok("list", "GET", "transactions");
    const csv = await ok("export", "GET", "transactions/export");
    expect(csv.text.split("\n").length).toBeGreaterThan(2);
  });

  it("3-D Secure: the gateway's page served to the user, and the confirmation", async () => {
    const started = await ok("3ds payment", "POST", "payments", { body: payment({ expMonth: "05", auth: "sale" }) });
    const { paymentId, threeDsViewId } = started.json as { paymentId: string; threeDsViewId: string | null };
    expect(threeDsViewId).toBeTruthy();
    const page = await ok("3ds page", "GET", "payments/three-ds/[viewId]", { params: { viewId: threeDsViewId! } });
    expect(page.status).toBe(200);
    await ok("confirm", "POST", "payments/[id]/confirm", { params: { id: paymentId } });
  });

  it("links, administration, audit log and health", async () => {
    await ok("link", "POST", "payments/links", {
      body: JSON.stringify({
        orderId: `link-${key().slice(0, 10)}`,
        amount: "50",
        currency: "SAR",
        auth: "sale",
        customerName: "Amal Haddad",
        email: "amal@example.com",
        phone: "+966500000000",
      }),
    });
    await ok("links", "GET", "payments/links");
    await ok("roles", "GET", "admin/roles");
    await ok("roles refresh", "POST", "admin/roles/refresh");
    await ok("branches", "GET", "admin/branches");
    await ok("new user", "POST", "admin/users", {
      body: JSON.stringify({
        email: `new-${key().slice(0, 8)}@example.com`,
        name: "Nour Saleh",
        phoneNumber: "+966501234567",
        userType: "USER",
        roleNames: ["finance"],
      }),
    });
    await ok("audit", "GET", "admin/audit");
    await ok("audit export", "GET", "admin/audit/export");
    await ok("health", "GET", "health");
    await ok("session", "GET", "auth/[...nextauth]", { params: { nextauth: ["session"] } });
    await ok("csrf", "GET", "auth/[...nextauth]", { params: { nextauth: ["csrf"] } });
  });

  it("the gateway failing (500, garbage, reset) is reported without anything of the request's credentials", async () => {
    const id = ((await ok("authorize for faults", "POST", "payments", { body: payment() })).json as { paymentId: string }).paymentId;
    for (const fault of ["http_500", "malformed", "wrong_shape", "reset"]) {
      await fetch(`${sandboxUrl}/__sandbox/faults`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ operation: "status", fault, times: 10 }),
      });
      const res = await ok(`sync during ${fault}`, "POST", "transactions/[id]/sync", { params: { id } });
      expect(res.status).not.toBe(500);
      await fetch(`${sandboxUrl}/__sandbox/faults`, { method: "DELETE" });
    }
    await fetch(`${sandboxUrl}/__sandbox/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ operation: "capture", fault: "http_500" }),
    });
    await ok("capture during http_500", "POST", "transactions/[id]/capture", {
      params: { id },
      body: JSON.stringify({ amount: "1.00", idempotencyKey: key() }),
    });
    await fetch(`${sandboxUrl}/__sandbox/faults`, { method: "DELETE" });
  });

  it("the answers above were real (not all refusals), and the app's log lines hold no secret either", () => {
    const refused = answers.filter(([what, a]) => !what.includes(" during ") && a.status >= 300).map(([what, a]) => `${what}: ${a.status}`);
    expect(refused, "the successful paths must succeed, or they test nothing").toEqual([]);
    const leakedInLog = log.lines.filter((l) => secretsIn({ text: l, headers: new Headers() }).length > 0);
    expect(leakedInLog).toEqual([]);
  });
});

import "./next-scope.support"; // first: Next's request scope needs the global AsyncLocalStorage before Next loads
// Threat guarded: a stolen or guessed password used without the second factor (PCI DSS 4.0.1 8.4.2: "no session, no
// API call and no page works between the password step and the second factor"), and a generated password kept in
// use. With MFA_REQUIRED=all, a real session cookie of a session that passed the password step only is sent to
// every route handler of app/api (generated from the route list, so a new route is covered by itself): each one
// answers 401 second_factor_required in the one error shape and writes nothing, except the second-factor step's own
// routes (declared pending_second_factor). The same for a user who must change a generated password.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../server/db/schema";
import { testDatabaseTargets, type TestDatabase } from "../support/db.support";
import {
  call,
  captureAppLog,
  changedTables,
  createActor,
  declaredRoutes,
  errorCode,
  installDatabase,
  isErrorShape,
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
const GUARDED = ROUTES.filter((r) => r.meta?.access.kind !== "public");
const body = (method: string) => (["POST", "PUT", "PATCH", "DELETE"].includes(method) ? "{}" : undefined);

afterAll(() => stopAttackSandbox());

describe.each(testDatabaseTargets())("the second-factor gate under attack on $name", (target) => {
  let database: TestDatabase;
  let admin: Actor;
  const log = captureAppLog();

  beforeAll(async () => {
    await startAttackSandbox({ mfaRequired: "all" });
    database = await target.open();
    await installDatabase(database);
    admin = await createActor(database.db, "super-admin"); // its session row: password step only
  });
  afterAll(async () => {
    log.restore();
    await uninstallDatabase();
    await database?.dispose();
  });

  it("covers the second-factor step's own routes and every other guarded route", () => {
    const pending = GUARDED.filter((r) => r.meta?.access.kind === "pending_second_factor").map((r) => `${r.method} ${r.route}`);
    expect(pending.sort()).toEqual([
      "POST session/enrolment/totp",
      "POST session/passkey",
      "POST session/passkey/options",
      "POST session/second-factor",
    ]);
    expect(GUARDED.length).toBeGreaterThan(30);
  });

  it("a password-only super-admin session is refused by every other route with 401 second_factor_required, and nothing is written", async () => {
    const before = await snapshot(database.db);
    const failures: string[] = [];
    for (const r of GUARDED.filter((x) => x.meta?.access.kind !== "pending_second_factor")) {
      const res = await call(r, { params: SAMPLE_PARAMS[r.route], cookie: admin.cookie, body: body(r.method) });
      assertNoSecrets(res, `${r.method} ${r.route}`);
      if (res.status !== 401 || errorCode(res) !== "second_factor_required" || !isErrorShape(res.json)) {
        failures.push(`${r.method} /api/${r.route}: ${res.status} ${res.text.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });

  it("the step's own routes take the pending session (a wrong body is a 400; passkey options without a passkey a 409)", async () => {
    for (const r of GUARDED.filter((x) => x.meta?.access.kind === "pending_second_factor")) {
      const res = await call(r, { cookie: admin.cookie, body: "{}" });
      const expected = r.route === "session/passkey/options" ? { status: 409, code: "conflict" } : { status: 400, code: "invalid_request" };
      expect({ route: r.route, status: res.status, code: errorCode(res) }).toEqual({ route: r.route, ...expected });
    }
  });

  it("control: the same session once its second factor is recorded reaches the routes", async () => {
    const reader = await createActor(database.db, "read-only");
    const list = routeOf(ROUTES, "GET", "transactions");
    expect(errorCode(await call(list, { cookie: reader.cookie }))).toBe("second_factor_required");
    await database.db
      .update(sessions)
      .set({ mfaVerifiedAt: new Date(), factorAt: new Date(), factorKind: "totp" })
      .where(eq(sessions.id, reader.sessionId));
    expect((await call(list, { cookie: reader.cookie })).status).toBe(200);
  });

  it("a user who must change a generated password reaches only the password change (401 password_change_required elsewhere)", async () => {
    const reader = await createActor(database.db, "read-only");
    await database.db
      .update(sessions)
      .set({ mfaVerifiedAt: new Date(), factorAt: new Date(), factorKind: "totp" })
      .where(eq(sessions.id, reader.sessionId));
    await database.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, reader.userId));
    const list = routeOf(ROUTES, "GET", "transactions");
    const res = await call(list, { cookie: reader.cookie });
    expect({ status: res.status, code: errorCode(res) }).toEqual({ status: 401, code: "password_change_required" });
    const change = await call(routeOf(ROUTES, "POST", "account/password"), { cookie: reader.cookie, body: "{}" });
    expect({ status: change.status, code: errorCode(change) }).toEqual({ status: 400, code: "invalid_request" });
  });
});

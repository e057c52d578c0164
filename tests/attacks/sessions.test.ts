import "./next-scope.support"; // first: Next's request scope needs the global AsyncLocalStorage before Next loads
// Threats guarded: a forged, tampered or expired session cookie; a disabled user's cookie; a cookie copied before
// sign-out and replayed after it. Each is sent to real route handlers and must be refused with 401 in the one
// error shape. The cookies are minted as next-auth mints them (JWE, the app's secret) for real session rows, so
// what is attacked is the real decode → claims → session row → user → version chain (server/auth/session.ts,
// principal.ts). The service-level rules are tested in server/auth/sign-in.test.ts; this is the HTTP-level attack.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../server/db/schema";
import { testDatabaseTargets, type TestDatabase } from "../support/db.support";
import {
  call,
  captureAppLog,
  COOKIE_NAME,
  createActor,
  declaredRoutes,
  errorCode,
  installDatabase,
  mintCookie,
  openSession,
  routeOf,
  startAttackSandbox,
  stopAttackSandbox,
  uninstallDatabase,
  type Actor,
} from "./harness.support";
import { assertNoSecrets } from "./secrets.support";

const ROUTES = await declaredRoutes();
const LIST = routeOf(ROUTES, "GET", "transactions");
const SAVE_VIEW = routeOf(ROUTES, "POST", "transactions/views");
const AUDIT = routeOf(ROUTES, "GET", "admin/audit");
const SIGN_OUT = routeOf(ROUTES, "POST", "session/sign-out");
const USER_STATUS = routeOf(ROUTES, "POST", "admin/users/[userId]/status");
const NEXT_AUTH = { GET: routeOf(ROUTES, "GET", "auth/[...nextauth]"), POST: routeOf(ROUTES, "POST", "auth/[...nextauth]") };

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
const tokenOf = (cookie: string) => cookie.slice(COOKIE_NAME.length + 1);

afterAll(() => stopAttackSandbox());

describe.each(testDatabaseTargets())("session cookies under attack on $name", (target) => {
  let database: TestDatabase;
  let admin: Actor;
  const log = captureAppLog();

  beforeAll(async () => {
    await startAttackSandbox();
    database = await target.open();
    await installDatabase(database);
    admin = await createActor(database.db, "super-admin");
  });
  afterAll(async () => {
    log.restore();
    await uninstallDatabase();
    await database?.dispose();
  });

  /** GET and POST with the cookie: both must be refused with 401 in the error shape. */
  async function expectRefused(cookie: string, what: string) {
    for (const [r, body] of [
      [LIST, undefined],
      [SAVE_VIEW, JSON.stringify({ name: "x", query: "" })],
    ] as const) {
      const res = await call(r, { cookie, body });
      assertNoSecrets(res, what);
      expect({ what, route: r.route, status: res.status, code: errorCode(res) }).toEqual({
        what,
        route: r.route,
        status: 401,
        code: "unauthenticated",
      });
    }
  }

  it("control: the genuine cookie is accepted", async () => {
    const reader = await createActor(database.db, "read-only");
    expect((await call(LIST, { cookie: reader.cookie })).status).toBe(200);
  });

  it("tampered cookies are refused: any flipped character, truncation, garbage, another secret, no encryption", async () => {
    const reader = await createActor(database.db, "read-only");
    const token = tokenOf(reader.cookie);
    const parts = token.split(".");
    expect(parts).toHaveLength(5); // JWE compact: header . key . iv . ciphertext . tag
    const variants: Array<[string, string]> = [];
    parts.forEach((part, i) => {
      if (!part) return;
      const flipped = part.slice(0, -2) + (part.at(-2) === "A" ? "B" : "A") + part.at(-1);
      variants.push([`part ${i} flipped`, parts.map((p, j) => (j === i ? flipped : p)).join(".")]);
    });
    variants.push(
      ["truncated", token.slice(0, -5)],
      ["empty", ""],
      ["garbage", "not-a-token"],
      ["malformed % escape (was a 500: decodeURIComponent threw)", `${token}%`],
      ["invalid UTF-8 escape (was a 500)", "%E0%A4%A"],
      [
        "unsigned JWT (alg none) with the same claims",
        `${b64url({ alg: "none", typ: "JWT" })}.${b64url({ uid: reader.userId, sid: reader.sessionId, sv: reader.sv })}.`,
      ],
      [
        "JWE under another secret",
        tokenOf(
          await mintCookie(
            { uid: reader.userId, sid: reader.sessionId, sv: reader.sv },
            { secret: "another-secret-of-at-least-32-characters!" },
          ),
        ),
      ],
    );
    for (const [what, value] of variants) await expectRefused(`${COOKIE_NAME}=${value}`, what);
    // The cookie under another name (a __Secure- name on an http deployment) is not the session cookie.
    await expectRefused(`__Secure-${COOKIE_NAME}=${token}`, "renamed cookie");
    // The genuine cookie still works afterwards: refusals change nothing.
    expect((await call(LIST, { cookie: reader.cookie })).status).toBe(200);
  });

  it("correctly encrypted but forged claims are refused: another user's session, an unknown session, a future version", async () => {
    const reader = await createActor(database.db, "read-only");
    const other = await createActor(database.db, "finance");
    await expectRefused(await mintCookie({ uid: reader.userId, sid: other.sessionId, sv: reader.sv }), "someone else's session id");
    await expectRefused(
      await mintCookie({ uid: other.userId, sid: reader.sessionId, sv: other.sv }),
      "my session under someone else's user id",
    );
    await expectRefused(
      await mintCookie({ uid: reader.userId, sid: "6b1f0c2e-3d4a-4b5c-8d6e-7f8091a2b3c4", sv: reader.sv }),
      "unknown session id",
    );
    await expectRefused(
      await mintCookie({ uid: reader.userId, sid: reader.sessionId, sv: reader.sv + 1 }),
      "session version from the future",
    );
  });

  it("claims grant no authority: a read-only session with super-admin claims added stays read-only", async () => {
    const reader = await createActor(database.db, "read-only");
    const { encode } = await import("next-auth/jwt");
    const { SECRETS } = await import("./harness.support");
    const token = await encode({
      token: {
        uid: reader.userId,
        sid: reader.sessionId,
        sv: reader.sv,
        userType: "SUPER_ADMIN",
        permissions: ["AUDIT_VIEW"],
        role: "super-admin",
      },
      secret: SECRETS.nextAuth,
    });
    const res = await call(AUDIT, { cookie: `${COOKIE_NAME}=${token}` });
    expect({ status: res.status, code: errorCode(res) }).toEqual({ status: 403, code: "forbidden" });
  });

  it("expired: a cookie past its exp, a session past the absolute limit, and one idle past the idle limit", async () => {
    const reader = await createActor(database.db, "read-only");
    await expectRefused(await mintCookie({ uid: reader.userId, sid: reader.sessionId, sv: reader.sv }, { maxAge: -60 }), "JWT past exp");

    const old = await createActor(database.db, "read-only");
    await database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 12 * 3_600_000 - 60_000), lastSeenAt: new Date() })
      .where(eq(sessions.id, old.sessionId));
    await expectRefused(old.cookie, "session older than SESSION_MAX_HOURS");
    const [oldRow] = await database.db.select().from(sessions).where(eq(sessions.id, old.sessionId));
    expect(oldRow).toMatchObject({ endReason: "max_age" });

    const idle = await createActor(database.db, "read-only");
    await database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.id, idle.sessionId));
    await expectRefused(idle.cookie, "session idle past SESSION_IDLE_MINUTES");
    // Ended is final: bringing the row's clock back does not revive it.
    await database.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, idle.sessionId));
    await expectRefused(idle.cookie, "ended idle session");
  });

  it("a disabled user's cookie is refused at once, and stays refused after the user is enabled again", async () => {
    const victim = await createActor(database.db, "back-office");
    expect((await call(LIST, { cookie: victim.cookie })).status).toBe(200);
    const disable = await call(USER_STATUS, {
      params: { userId: victim.userId },
      cookie: admin.cookie,
      body: JSON.stringify({ status: "disabled" }),
    });
    expect(disable.status).toBe(200);
    await expectRefused(victim.cookie, "disabled user's cookie");
    const enable = await call(USER_STATUS, {
      params: { userId: victim.userId },
      cookie: admin.cookie,
      body: JSON.stringify({ status: "active" }),
    });
    expect(enable.status).toBe(200);
    await expectRefused(victim.cookie, "cookie from before the disable, after re-enabling");
  });

  it("a cookie replayed after sign-out is refused, and so is the same user's other session", async () => {
    const user = await createActor(database.db, "finance");
    const otherDevice = await openSession(database.db, user.userId);
    const otherCookie = await mintCookie({ uid: user.userId, sid: otherDevice.id, sv: user.sv });
    expect((await call(LIST, { cookie: otherCookie })).status).toBe(200);

    const out = await call(SIGN_OUT, { cookie: user.cookie });
    expect(out.status).toBe(303);
    expect(out.headers.get("set-cookie")).toMatch(new RegExp(`^${COOKIE_NAME}=;.*Max-Age=0`));
    await expectRefused(user.cookie, "cookie replayed after sign-out");
    await expectRefused(otherCookie, "the same user's other session after sign-out");
    // Replaying the sign-out itself is harmless.
    expect((await call(SIGN_OUT, { cookie: user.cookie })).status).toBe(303);
  });

  it("threat: a sign-out that leaves the session alive: next-auth's own signout (and every action the form does not use) answers 404", async () => {
    const user = await createActor(database.db, "finance");
    for (const [method, action] of [
      ["GET", "signout"],
      ["POST", "signout"],
      ["GET", "signin"],
      ["POST", "signin/credentials"],
      ["GET", "error"],
      ["GET", "verify-request"],
      ["POST", "callback/github"],
      ["POST", "session"],
      ["POST", "_log"],
    ] as const) {
      const res = await call(NEXT_AUTH[method], { cookie: user.cookie, params: { nextauth: action.split("/") }, body: "" });
      expect({ method, action, status: res.status, code: errorCode(res) }).toEqual({ method, action, status: 404, code: "not_found" });
      expect(res.headers.get("set-cookie"), `${method} ${action} must not touch the cookie`).toBeNull();
    }
    // The session is untouched, and what the sign-in form uses still answers.
    expect((await call(LIST, { cookie: user.cookie })).status).toBe(200);
    for (const action of ["providers", "csrf", "session"]) {
      expect((await call(NEXT_AUTH.GET, { cookie: user.cookie, params: { nextauth: [action] } })).status, action).toBe(200);
    }
  });
});

import "./next-scope.support"; // first: Next's request scope needs the global AsyncLocalStorage before Next loads
// Threat guarded: session fixation and a cookie copied early (ASVS 3.2.1). A copy of the cookie taken after the
// password step alone (a shared computer, a proxy log, malware) must not become a fully signed-in session when the
// victim completes the second factor; a copy taken before a password change must not survive it either. Over the
// real route handlers with real cookies: completing the second factor (code, or first enrolment) and changing one's
// own password each answer a new cookie, minted as next-auth mints it (next-auth's own session read accepts it);
// the old one is refused at once with 401, also by requests already on their way during the switch (never a 500).
import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTotpSecret } from "../../server/auth/mfa/totp";
import { sealSecret } from "../../server/auth/mfa/secret-box";
import { startTotpEnrolment } from "../../server/auth/mfa/totp-enrolment";
import { createUser } from "../../server/auth/users";
import { mfaTotp, sessions } from "../../server/db/schema";
import { testDatabaseTargets, type TestDatabase } from "../support/db.support";
import {
  call,
  captureAppLog,
  COOKIE_NAME,
  declaredRoutes,
  errorCode,
  installDatabase,
  mintCookie,
  openSession,
  routeOf,
  SECRETS,
  startAttackSandbox,
  stopAttackSandbox,
  uninstallDatabase,
  type Answer,
} from "./harness.support";
import { assertNoSecrets } from "./secrets.support";

const ROUTES = await declaredRoutes();
const LIST = routeOf(ROUTES, "GET", "transactions");
const SECOND_FACTOR = routeOf(ROUTES, "POST", "session/second-factor");
const ENROL_TOTP = routeOf(ROUTES, "POST", "session/enrolment/totp");
const PASSWORD = routeOf(ROUTES, "POST", "account/password");
const NEXT_AUTH_GET = routeOf(ROUTES, "GET", "auth/[...nextauth]");
const PASSWORD_NOW = "rotation horse battery 41";
const PASSWORD_NEXT = "rotation staple lantern 52";

afterAll(() => stopAttackSandbox());

/** The session cookie an answer sets, as the browser would send it back; with its attributes. */
function setCookieOf(res: Answer): { cookie: string; attributes: string } | null {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE_NAME}=`));
  if (!line) return null;
  const [pair, ...attributes] = line.split(";").map((p) => p.trim());
  return { cookie: pair!, attributes: attributes.join("; ") };
}

describe.each(testDatabaseTargets())("the session id changes with the privilege on $name", (target) => {
  let database: TestDatabase;
  const log = captureAppLog();

  beforeAll(async () => {
    await startAttackSandbox({ mfaRequired: "all" });
    database = await target.open();
    await installDatabase(database);
  });
  afterAll(async () => {
    log.restore();
    await uninstallDatabase();
    await database?.dispose();
  });

  /** A user with an authenticator app and a password, and a session that passed the password step only. */
  async function victim(opts: { totp: boolean; password?: string | null }) {
    const email = `rot-${Math.random().toString(36).slice(2, 8)}@attack.example`;
    const user = await createUser(
      database.db,
      { email, name: "Rotation victim", password: opts.password ?? null, userType: "USER", roleNames: ["read-only"] },
      { id: null, email: "attack-suite" },
    );
    const secret = newTotpSecret();
    if (opts.totp)
      await database.db
        .insert(mfaTotp)
        .values({ userId: user.id, secretEnc: sealSecret(SECRETS.nextAuth, user.id, secret), confirmedAt: new Date() });
    const session = await openSession(database.db, user.id);
    const cookie = await mintCookie({ uid: user.id, sid: session.id, sv: user.sessionVersion, email });
    return { userId: user.id, email, sv: user.sessionVersion, sessionId: session.id, cookie, secret };
  }

  async function expectSignedOut(cookie: string, what: string) {
    const res = await call(LIST, { cookie });
    assertNoSecrets(res, what);
    expect({ what, status: res.status, code: errorCode(res) }).toEqual({ what, status: 401, code: "unauthenticated" });
  }

  it("the pre-second-factor session id dies when the second factor completes; the new cookie is next-auth's own", async () => {
    const v = await victim({ totp: true });
    const copy = v.cookie; // taken after the password step alone
    expect(errorCode(await call(LIST, { cookie: copy }))).toBe("second_factor_required");
    const done = await call(SECOND_FACTOR, {
      cookie: v.cookie,
      body: JSON.stringify({ kind: "totp", code: await generate({ secret: v.secret }) }),
    });
    expect(done.status).toBe(200);
    expect(done.json).toEqual({ recoveryCodesLeft: 0 }); // no claims in the body
    const fresh = setCookieOf(done);
    expect(fresh).not.toBeNull();
    expect(fresh!.cookie).not.toBe(copy);
    expect(fresh!.attributes).toMatch(/^Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/); // http: no Secure
    await expectSignedOut(copy, "the password step's cookie");
    expect((await call(LIST, { cookie: fresh!.cookie })).status).toBe(200);
    const [old] = await database.db.select().from(sessions).where(eq(sessions.id, v.sessionId));
    expect(old!.endReason).toBe("rotated");
    // next-auth's own session read decodes the new cookie as one of its own.
    const read = await call(NEXT_AUTH_GET, { cookie: fresh!.cookie, params: { nextauth: ["session"] } });
    expect(read.status).toBe(200);
    expect((read.json as { user?: { email?: string } }).user?.email).toBe(v.email);
  });

  it("first enrolment of an authenticator app completes the sign-in on a new session id too", async () => {
    const v = await victim({ totp: false });
    // The sign-in's enrolment page starts it on the server (app/(auth)/login/enrol/page.tsx), as here.
    const { secret } = await startTotpEnrolment(
      { db: database.db, authSecret: SECRETS.nextAuth },
      { userId: v.userId, sessionId: v.sessionId, email: v.email, name: "x", userType: "USER", permissions: new Set() },
      "x",
    );
    const done = await call(ENROL_TOTP, { cookie: v.cookie, body: JSON.stringify({ code: await generate({ secret }) }) });
    expect(done.status).toBe(200);
    const fresh = setCookieOf(done);
    expect(fresh).not.toBeNull();
    await expectSignedOut(v.cookie, "the password step's cookie after enrolment");
    expect((await call(LIST, { cookie: fresh!.cookie })).status).toBe(200);
  });

  it("requests still holding the old cookie while the second factor completes get 401 or their answer, never a 500", async () => {
    const v = await victim({ totp: true });
    const code = await generate({ secret: v.secret });
    const factor = () => call(SECOND_FACTOR, { cookie: v.cookie, body: JSON.stringify({ kind: "totp", code }) });
    const answers = await Promise.all([factor(), call(LIST, { cookie: v.cookie }), factor(), call(LIST, { cookie: v.cookie }), factor()]);
    const statuses = answers.map((a) => a.status);
    for (const a of answers) assertNoSecrets(a, "racing the switch");
    expect(statuses.every((s) => s === 200 || s === 400 || s === 401)).toBe(true);
    // One factor call wins; the others find the session ended (401) or the code spent (400).
    expect([answers[0], answers[2], answers[4]].filter((a) => a!.status === 200)).toHaveLength(1);
    await expectSignedOut(v.cookie, "the old cookie after the race");
  });

  it("a password change gives this session a new id and ends the others; the old cookie is refused at once", async () => {
    const v = await victim({ totp: true, password: PASSWORD_NOW });
    await database.db
      .update(sessions)
      .set({ mfaVerifiedAt: new Date(), factorAt: new Date(), factorKind: "totp" })
      .where(eq(sessions.id, v.sessionId));
    const other = await openSession(database.db, v.userId);
    await database.db
      .update(sessions)
      .set({ mfaVerifiedAt: new Date(), factorAt: new Date(), factorKind: "totp" })
      .where(eq(sessions.id, other.id));
    const otherCookie = await mintCookie({ uid: v.userId, sid: other.id, sv: v.sv, email: v.email });
    expect((await call(LIST, { cookie: otherCookie })).status).toBe(200);
    const changed = await call(PASSWORD, {
      cookie: v.cookie,
      body: JSON.stringify({ currentPassword: PASSWORD_NOW, newPassword: PASSWORD_NEXT, confirmPassword: PASSWORD_NEXT }),
    });
    expect(changed.status).toBe(200);
    const fresh = setCookieOf(changed);
    expect(fresh).not.toBeNull();
    await expectSignedOut(v.cookie, "this session's cookie from before the change");
    await expectSignedOut(otherCookie, "another session of the user");
    expect((await call(LIST, { cookie: fresh!.cookie })).status).toBe(200);
  });
});

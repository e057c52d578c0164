import "./next-scope.support"; // first: Next's request scope needs the global AsyncLocalStorage before Next loads
// Threat guarded: someone who has a user's password but not their second factor (PCI DSS 4.0.1 8.3.4). Over the real
// route handlers with real session cookies: they open password-only session after password-only session and guess
// TOTP codes at POST /api/session/second-factor. The user's pending sessions together stop them at 10 wrong codes
// (even the right code is then refused, in any pending session, a new one too), but the victim's own verified
// session keeps its step-up (POST /api/session/step-up): the password alone cannot stop the user approving refunds
// or administering users. The lock is audited once; a super-admin's "Reset 2FA" lifts it. After that reset, the
// password alone cannot enrol a new authenticator either: only the link mailed to the user can.
import { and, eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTotpSecret } from "../../server/auth/mfa/totp";
import { sealSecret } from "../../server/auth/mfa/secret-box";
import { startTotpEnrolment } from "../../server/auth/mfa/totp-enrolment";
import { auditLog, mailOutbox, mfaTotp, sessions, throttleLocks, users } from "../../server/db/schema";
import { testDatabaseTargets, type TestDatabase } from "../support/db.support";
import {
  call,
  captureAppLog,
  createActor,
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
  type Actor,
} from "./harness.support";

const ROUTES = await declaredRoutes();
const SECOND_FACTOR = routeOf(ROUTES, "POST", "session/second-factor");
const STEP_UP = routeOf(ROUTES, "POST", "session/step-up");
const ENROL = routeOf(ROUTES, "POST", "session/enrolment/totp");
const RESET = routeOf(ROUTES, "POST", "admin/users/[userId]/factors/reset");
const USER_SESSIONS = routeOf(ROUTES, "GET", "admin/users/[userId]/sessions");

afterAll(() => stopAttackSandbox());

describe.each(testDatabaseTargets())("guessing the second factor with the password alone on $name", (target) => {
  let database: TestDatabase;
  let victim: Actor;
  let secret = "";
  const log = captureAppLog();

  beforeAll(async () => {
    await startAttackSandbox({ mfaRequired: "all" });
    database = await target.open();
    await installDatabase(database);
    victim = await createActor(database.db, "super-admin");
    secret = newTotpSecret();
    await database.db
      .insert(mfaTotp)
      .values({ userId: victim.userId, secretEnc: sealSecret(SECRETS.nextAuth, victim.userId, secret), confirmedAt: new Date() });
    // The victim's own session has completed its second factor.
    await database.db
      .update(sessions)
      .set({ mfaVerifiedAt: new Date(), factorAt: new Date(), factorKind: "totp" })
      .where(eq(sessions.id, victim.sessionId));
  });
  afterAll(async () => {
    log.restore();
    await uninstallDatabase();
    await database?.dispose();
  });

  /** A session that passed the password step only, as the attacker holds it. */
  async function passwordOnlyCookie(): Promise<string> {
    const s = await openSession(database.db, victim.userId);
    return mintCookie({ uid: victim.userId, sid: s.id, sv: victim.sv, email: victim.email });
  }
  const guess = (cookie: string, code: string) => call(SECOND_FACTOR, { cookie, body: JSON.stringify({ kind: "totp", code }) });
  const wrongCode = (right: string) => (right === "000000" ? "000001" : "000000");

  it("a password alone cannot lock the victim's verified session out of step-up; many password-only sessions still stop at 10 guesses", async () => {
    const right = await generate({ secret });
    const answers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const cookie = await passwordOnlyCookie();
      for (let j = 0; j < 4; j++) answers.push((await guess(cookie, wrongCode(right))).status);
    }
    expect(answers).toEqual([...Array(10).fill(400), 429, 429]);
    // The right code from a new password-only session: refused, and the session stays password-only.
    const late = await guess(await passwordOnlyCookie(), right);
    expect({ status: late.status, code: errorCode(late) }).toEqual({ status: 429, code: "rate_limited" });
    // The victim's verified session: step-up with the right code works.
    const stepUp = await call(STEP_UP, { cookie: victim.cookie, body: JSON.stringify({ kind: "totp", code: right }) });
    expect(stepUp.status).toBe(200);
    const locks = await database.db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, victim.userId), eq(auditLog.action, "auth.second_factor_locked")));
    expect(locks.map((l) => (l.summary as { scope: string }).scope)).toEqual(["user_pending"]);
    const [lock] = await database.db
      .select()
      .from(throttleLocks)
      .where(eq(throttleLocks.key, `second_factor:user:${victim.userId}:pending`));
    expect(lock!.lockedUntil.getTime() - lock!.lockedAt.getTime()).toBeGreaterThanOrEqual(30 * 60_000);
    // A super-admin sees the lock on the user's page (who to call, and that Reset 2FA lifts it), and no step-up lock.
    const view = await call(USER_SESSIONS, { cookie: victim.cookie, params: { userId: victim.userId } });
    expect(view.status).toBe(200);
    expect((view.json as { secondFactorLocks: unknown }).secondFactorLocks).toEqual({
      signIn: lock!.lockedUntil.toISOString(),
      stepUp: null,
    });
  });

  it("after a Reset 2FA the password alone cannot enrol a new authenticator; the e-mailed link can, once", async () => {
    const admin = await createActor(database.db, "super-admin");
    await database.db
      .update(sessions)
      .set({ mfaVerifiedAt: new Date(), factorAt: new Date(), factorKind: "totp" })
      .where(eq(sessions.id, admin.sessionId));
    const target = await createActor(database.db, "read-only");
    await database.db
      .insert(mfaTotp)
      .values({ userId: target.userId, secretEnc: sealSecret(SECRETS.nextAuth, target.userId, newTotpSecret()), confirmedAt: new Date() });
    const reset = await call(RESET, { cookie: admin.cookie, params: { userId: target.userId }, body: "{}" });
    expect(reset.status).toBe(200);
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, target.email));
    const token = /\/login\/enrol\?token=([\w-]{43})/.exec(mail!.textBody ?? "")![1]!;
    const [u] = await database.db.select().from(users).where(eq(users.id, target.userId));
    const pending = async () => {
      const s = await openSession(database.db, target.userId);
      return { id: s.id, cookie: await mintCookie({ uid: target.userId, sid: s.id, sv: u!.sessionVersion, email: target.email }) };
    };
    const attacker = await pending();
    const refused = await call(ENROL, { cookie: attacker.cookie, body: JSON.stringify({ code: "123456" }) });
    expect({ status: refused.status, code: errorCode(refused) }).toEqual({ status: 403, code: "forbidden" });
    expect((refused.json as { error: { message: string } }).error.message).toMatch(/link in the e-mail/);
    // The person with the mailbox: the link's page starts the enrolment with the token, the confirmation spends it.
    const user = await pending();
    const who = {
      userId: target.userId,
      sessionId: user.id,
      email: target.email,
      name: "x",
      userType: "USER" as const,
      permissions: new Set<never>(),
    };
    const { secret } = await startTotpEnrolment({ db: database.db, authSecret: SECRETS.nextAuth }, who, "x", token);
    const done = await call(ENROL, { cookie: user.cookie, body: JSON.stringify({ code: await generate({ secret }), token }) });
    expect(done.status).toBe(200);
    const again = await call(ENROL, { cookie: (await pending()).cookie, body: JSON.stringify({ code: "123456", token }) });
    expect(again.status).toBe(409); // enrolled now: the link is spent and the app is set up
  });

  it("a super-admin's Reset 2FA lifts the lock", async () => {
    const admin = await createActor(database.db, "super-admin");
    await database.db
      .update(sessions)
      .set({ mfaVerifiedAt: new Date(), factorAt: new Date(), factorKind: "totp" })
      .where(eq(sessions.id, admin.sessionId));
    const reset = await call(RESET, {
      cookie: admin.cookie,
      params: { userId: victim.userId },
      body: "{}",
    });
    expect(reset.status).toBe(200);
    const left = await database.db
      .select()
      .from(throttleLocks)
      .where(eq(throttleLocks.key, `second_factor:user:${victim.userId}:pending`));
    expect(left).toEqual([]);
    const view = await call(USER_SESSIONS, { cookie: admin.cookie, params: { userId: victim.userId } });
    expect((view.json as { secondFactorLocks: unknown }).secondFactorLocks).toEqual({ signIn: null, stepUp: null });
  });
});

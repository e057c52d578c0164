// Threat guarded: a phished password plus a helpdesk "lost my phone" reset hands over the account (PCI DSS 4.0.1
// 8.4.2). After a super-admin's "Reset 2FA", the password alone cannot enrol a new authenticator: the user is mailed
// a one-time link (only its SHA-256 stored, 24 hours at most, single use, a newer reset voids it), and enrolment
// needs it; a passkey cannot be added around it either. A brand-new user (no reset) still enrols after the password
// as before. Real database (PGlite, and Postgres with TEST_POSTGRES_URL).
import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, mfaEnrolmentLinks, users } from "../../db/schema";
import { AppError } from "../../errors";
import { resetUserFactors } from "../../services/admin/users/reset-user-factors";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { codeOf } from "../../../tests/support/services.support";
import { resolvePrincipal, type Principal } from "../principal";
import { checkSignIn } from "../sign-in";
import { createUser, seedLocalRoles } from "../users";
import { passkeyRegistrationOptions } from "./passkey-registration";
import type { MfaDeps } from "./session-factor";
import { confirmTotpEnrolment, startTotpEnrolment } from "./totp-enrolment";

const PASSWORD = "correct horse battery 8";
const AUTH_SECRET = "enrol-link-test-secret-0123456789abcdef0123";
const limits = { idleMs: 3_600_000, maxAgeMs: 86_400_000, mfaRequired: "all" as const };
const RP = { rpId: "dash.test", origin: "http://dash.test", rpName: "Dashboard" };

describe.each(testDatabaseTargets())("enrolling again after a factor reset on $name", (target) => {
  let database: TestDatabase;
  let clock = new Date();
  const deps = (): MfaDeps => ({ db: database.db, authSecret: AUTH_SECRET, now: () => clock });
  const tick = (s: number) => (clock = new Date(clock.getTime() + s * 1000));
  const totpAt = (secret: string) => generate({ secret, epoch: Math.floor(clock.getTime() / 1000) });
  let admin: Principal;

  beforeAll(async () => {
    database = await target.open();
    await seedLocalRoles(database.db);
    const email = await newUser("admin", "SUPER_ADMIN");
    const p = await signIn(email);
    const { secret } = await startTotpEnrolment(deps(), p, "x");
    const { session } = await confirmTotpEnrolment(deps(), p, await totpAt(secret), "10.7.0.1");
    const r = await resolvePrincipal(database.db, session, limits, clock);
    if (!r.ok) throw new Error("expected the admin signed in");
    admin = r.principal;
  });
  afterAll(async () => {
    await database?.dispose();
  });

  async function newUser(tag: string, userType: "USER" | "SUPER_ADMIN" = "USER"): Promise<string> {
    const email = `${tag}-${Math.random().toString(36).slice(2, 7)}@enrol.test`;
    await createUser(
      database.db,
      { email, name: tag, password: PASSWORD, userType, roleNames: userType === "USER" ? ["read-only"] : [] },
      { id: null, email: "t" },
    );
    return email;
  }
  /** A sign-in with the password only: the pending principal of the enrolment step. */
  async function signIn(email: string): Promise<Principal> {
    const r = await checkSignIn(database.db, { email, password: PASSWORD, ip: "10.7.0.2", userAgent: "vitest" }, clock);
    if (!r.ok) throw new Error(r.message);
    const p = await resolvePrincipal(database.db, r.claims, limits, clock);
    if (p.ok || !("pending" in p)) throw new Error("expected a pending session");
    return p.pending;
  }
  /** A user who had enrolled, whose factors the admin resets: the token of the link mailed to them. */
  async function resetUser(email: string): Promise<{ userId: string; token: string }> {
    const [u] = await database.db.select().from(users).where(eq(users.email, email));
    admin.factorAt = clock; // a fresh factor for the reset
    await resetUserFactors(
      {
        deps: { db: database.db, config: { appUrl: "http://dash.test", setPasswordLinkMs: 48 * 3_600_000 }, now: () => clock },
        principal: admin,
        ip: "10.7.0.1",
      },
      { userId: u!.id },
    );
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    const token = /\/login\/enrol\?token=([\w-]{43})/.exec(mails.at(-1)!.textBody ?? "")?.[1];
    if (!token) throw new Error("no enrolment link in the mail");
    return { userId: u!.id, token };
  }
  const refusal = async (p: Promise<unknown>) =>
    p.then(
      () => "ok",
      (e: unknown) => (e instanceof AppError ? `${e.code}:${String(e.messageKey)}` : String(e)),
    );

  it("after a Reset 2FA the password alone cannot enrol a new authenticator; the e-mailed link can, once", async () => {
    const email = await newUser("reset");
    const first = await signIn(email);
    const { secret: old } = await startTotpEnrolment(deps(), first, "x");
    await confirmTotpEnrolment(deps(), first, await totpAt(old), "10.7.0.2");
    tick(60);
    const { userId, token } = await resetUser(email);
    const stored = await database.db.select().from(mfaEnrolmentLinks).where(eq(mfaEnrolmentLinks.userId, userId));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token); // only the hash is kept
    expect(stored[0]!.expiresAt.getTime() - clock.getTime()).toBe(24 * 3_600_000);

    const attacker = await signIn(email); // the password, not the mailbox
    expect(await refusal(startTotpEnrolment(deps(), attacker, "x"))).toBe("forbidden:auth.enrolLinkRequired");
    expect(await refusal(startTotpEnrolment(deps(), attacker, "x", "A".repeat(43)))).toBe("forbidden:auth.enrolLinkInvalid");
    expect(await refusal(passkeyRegistrationOptions(deps(), { ...attacker, factorAt: clock }, RP))).toBe(
      "forbidden:auth.enrolLinkRequired",
    );

    const user = await signIn(email);
    const { secret } = await startTotpEnrolment(deps(), user, "x", token);
    expect(await refusal(confirmTotpEnrolment(deps(), user, await totpAt(secret), "10.7.0.2"))).toBe("forbidden:auth.enrolLinkRequired");
    const done = await confirmTotpEnrolment(deps(), user, await totpAt(secret), "10.7.0.2", token);
    expect(done.recoveryCodes).toHaveLength(10);
    expect((await resolvePrincipal(database.db, done.session, limits, clock)).ok).toBe(true);
    const [spent] = await database.db.select().from(mfaEnrolmentLinks).where(eq(mfaEnrolmentLinks.userId, userId));
    expect(spent!.usedAt?.getTime()).toBe(clock.getTime());
  });

  it("the link expires, and a newer reset voids the older link", async () => {
    const email = await newUser("expiry");
    const first = await signIn(email);
    const { secret } = await startTotpEnrolment(deps(), first, "x");
    await confirmTotpEnrolment(deps(), first, await totpAt(secret), "10.7.0.2");
    const one = await resetUser(email);
    const two = await resetUser(email);
    const p = await signIn(email);
    expect(await refusal(startTotpEnrolment(deps(), p, "x", one.token))).toBe("forbidden:auth.enrolLinkInvalid");
    await startTotpEnrolment(deps(), p, "x", two.token);
    tick(24 * 3600 + 1);
    const later = await signIn(email);
    expect(await refusal(startTotpEnrolment(deps(), later, "x", two.token))).toBe("forbidden:auth.enrolLinkInvalid");
  });

  it("a brand-new user (no reset) still enrols with the password alone, as the invitation allows", async () => {
    const p = await signIn(await newUser("fresh"));
    const { secret } = await startTotpEnrolment(deps(), p, "x");
    expect(await codeOf(confirmTotpEnrolment(deps(), p, await totpAt(secret), "10.7.0.3"))).toBe("ok");
  });
});

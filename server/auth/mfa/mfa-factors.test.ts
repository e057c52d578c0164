// Threats guarded: a guessed, replayed or brute-forced second factor (PCI DSS 4.0.1 8.4.2, 8.3.4): a TOTP code is
// accepted once (its time step is spent), a wrong code is refused and counted, 5 failures of a session in 15 minutes
// lock it for 30 minutes (audited once), 10 over the user's password-only sessions lock them all, and those never
// lock step-up of a verified session; a recovery code works once; a password-only session cannot enrol an
// authenticator over an existing factor; TOTP secrets are sealed at rest. Real database (PGlite, and Postgres with
// TEST_POSTGRES_URL).
import { and, eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, mfaRecoveryCodes, mfaTotp, sessions, users } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { resolvePrincipal, type Principal } from "../principal";
import { checkSignIn } from "../sign-in";
import { createUser, seedLocalRoles } from "../users";
import { presentCodeFactor } from "./present-factor";
import { openSecret } from "./secret-box";
import type { MfaDeps } from "./session-factor";
import { confirmTotpEnrolment, startTotpEnrolment } from "./totp-enrolment";
import { codeOf } from "../../../tests/support/services.support";

const PASSWORD = "correct horse battery 9";
const AUTH_SECRET = "test-auth-secret-0123456789abcdef0123456789";
const limits = { idleMs: 3_600_000, maxAgeMs: 86_400_000, mfaRequired: "all" as const };

describe.each(testDatabaseTargets())("second factor by code on $name", (target) => {
  let database: TestDatabase;
  let clock = new Date("2031-05-01T09:00:00Z");
  const deps = (): MfaDeps => ({ db: database.db, authSecret: AUTH_SECRET, now: () => clock });
  const tick = (s: number) => (clock = new Date(clock.getTime() + s * 1000));
  const totpAt = (secret: string) => generate({ secret, epoch: Math.floor(clock.getTime() / 1000) });

  beforeAll(async () => {
    database = await target.open();
    await seedLocalRoles(database.db);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  /** A new user signed in with the password only: the pending principal the second-factor routes act for. */
  async function pendingUser(tag: string): Promise<Principal> {
    const email = `${tag}-${Math.random().toString(36).slice(2, 7)}@mfa.test`;
    await createUser(
      database.db,
      { email, name: tag, password: PASSWORD, userType: "USER", roleNames: ["read-only"] },
      { id: null, email: "test" },
    );
    return signInPending(email);
  }
  async function signInPending(email: string): Promise<Principal> {
    const r = await checkSignIn(database.db, { email, password: PASSWORD, ip: "10.4.0.1", userAgent: "vitest" }, clock);
    if (!r.ok) throw new Error(r.message);
    const p = await resolvePrincipal(database.db, r.claims, limits, clock);
    if (p.ok || !("pending" in p)) throw new Error("expected a pending session");
    return p.pending;
  }
  async function enrol(p: Principal): Promise<{ secret: string; codes: string[] }> {
    const { secret, uri } = await startTotpEnrolment(deps(), p, "Merchant dashboard");
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const { recoveryCodes } = follow(p, await confirmTotpEnrolment(deps(), p, await totpAt(secret), "10.4.0.1"));
    return { secret, codes: recoveryCodes };
  }
  /** Completing the sign-in moved the session to a new id: the principal follows it, as the new cookie does. */
  function follow<T extends { session: { sid: string } | null }>(p: Principal, result: T): T {
    if (result.session) p.sessionId = result.session.sid;
    return result;
  }
  const usable = async (p: Principal) => {
    const [row] = await database.db.select().from(users).where(eq(users.id, p.userId));
    const r = await resolvePrincipal(database.db, { uid: p.userId, sid: p.sessionId, sv: row!.sessionVersion }, limits, clock);
    return r.ok;
  };

  /** The principal of a session after its second factor, as the next request reads it. */
  const freshPrincipal = async (p: Principal): Promise<Principal> => {
    const [row] = await database.db.select().from(users).where(eq(users.id, p.userId));
    const r = await resolvePrincipal(database.db, { uid: p.userId, sid: p.sessionId, sv: row!.sessionVersion }, limits, clock);
    if (!r.ok) throw new Error("expected a verified session");
    return r.principal;
  };

  it("enrolment: a code from the shown secret confirms it, completes the session, and gives 10 recovery codes stored hashed; the secret is sealed", async () => {
    const p = await pendingUser("enrol");
    const again = await startTotpEnrolment(deps(), p, "Merchant dashboard");
    const { secret, codes } = await enrol(p);
    expect(again.secret).toBe(secret); // a reload shows the same QR code
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(await usable(p)).toBe(true);
    const stored = await database.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, p.userId));
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);
    const [totp] = await database.db.select().from(mfaTotp).where(eq(mfaTotp.userId, p.userId));
    expect(totp!.secretEnc).not.toContain(secret);
    expect(openSecret(AUTH_SECRET, p.userId, totp!.secretEnc)).toBe(secret);
    expect(openSecret("another-secret-of-enough-length-000000", p.userId, totp!.secretEnc)).toBeNull();
  });

  it("a password-only session of an enrolled user cannot enrol a new authenticator over it", async () => {
    const p = await pendingUser("overwrite");
    const { secret } = await enrol(p);
    const [u] = await database.db.select().from(users).where(eq(users.id, p.userId));
    const attacker = await signInPending(u!.email);
    expect(await codeOf(startTotpEnrolment(deps(), attacker, "x"))).toBe("conflict");
    tick(30);
    expect(await codeOf(confirmTotpEnrolment(deps(), attacker, await totpAt(secret), "10.4.0.9"))).toBe("conflict");
  });

  it("sign-in with TOTP: the right code completes the session once; the same code again (same time step) is refused as a replay", async () => {
    const p = await pendingUser("totp");
    const { secret } = await enrol(p);
    tick(60);
    const [u] = await database.db.select().from(users).where(eq(users.id, p.userId));
    const s1 = await signInPending(u!.email);
    const code = await totpAt(secret);
    expect(await usable(s1)).toBe(false);
    follow(s1, await presentCodeFactor(deps(), s1, { kind: "totp", code }, { ip: "10.4.0.2", purpose: "sign_in" }));
    expect(await usable(s1)).toBe(true);
    const s2 = await signInPending(u!.email);
    expect(await codeOf(presentCodeFactor(deps(), s2, { kind: "totp", code }, { ip: "10.4.0.3", purpose: "sign_in" }))).toBe(
      "invalid_request",
    );
    expect(await usable(s2)).toBe(false);
    tick(30);
    follow(s2, await presentCodeFactor(deps(), s2, { kind: "totp", code: await totpAt(secret) }, { ip: "10.4.0.3", purpose: "sign_in" }));
    expect(await usable(s2)).toBe(true);
    const kinds = await database.db
      .select({ action: auditLog.action, summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, p.userId), eq(auditLog.action, "auth.second_factor")));
    expect(kinds.map((k) => (k.summary as { kind: string }).kind)).toEqual(["totp", "totp", "totp"]);
  });

  it("wrong codes are refused and after 5 in 15 minutes even the right code is refused (locked, audited once) for 30 minutes", async () => {
    const p = await pendingUser("brute");
    const { secret } = await enrol(p);
    const [u] = await database.db.select().from(users).where(eq(users.id, p.userId));
    const s = await signInPending(u!.email);
    for (let i = 0; i < 5; i++) {
      tick(31);
      expect(await codeOf(presentCodeFactor(deps(), s, { kind: "totp", code: "000000" }, { ip: "10.4.0.4", purpose: "sign_in" }))).toBe(
        "invalid_request",
      );
    }
    tick(31);
    expect(
      await codeOf(presentCodeFactor(deps(), s, { kind: "totp", code: await totpAt(secret) }, { ip: "10.4.0.4", purpose: "sign_in" })),
    ).toBe("rate_limited");
    expect(
      await codeOf(
        presentCodeFactor(deps(), s, { kind: "recovery_code", code: "AAAA-AAAA-AAAA-AAAA" }, { ip: "10.4.0.4", purpose: "sign_in" }),
      ),
    ).toBe("rate_limited");
    const locks = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, p.userId), eq(auditLog.action, "auth.second_factor_locked")));
    expect(locks).toHaveLength(1);
    // The oldest failure has left the 15-minute window; the lock has not (PCI DSS 8.3.4: at least 30 minutes).
    tick(15 * 60);
    expect(
      await codeOf(presentCodeFactor(deps(), s, { kind: "totp", code: await totpAt(secret) }, { ip: "10.4.0.4", purpose: "sign_in" })),
    ).toBe("rate_limited");
    tick(14 * 60);
    expect(
      await codeOf(presentCodeFactor(deps(), s, { kind: "totp", code: await totpAt(secret) }, { ip: "10.4.0.4", purpose: "sign_in" })),
    ).toBe("rate_limited");
    tick(60);
    follow(s, await presentCodeFactor(deps(), s, { kind: "totp", code: await totpAt(secret) }, { ip: "10.4.0.4", purpose: "sign_in" }));
    expect(await usable(s)).toBe(true);
    expect(await lockAudits(p.userId)).toHaveLength(1);
  });

  const lockAudits = (userId: string) =>
    database.db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, userId), eq(auditLog.action, "auth.second_factor_locked")));
  const wrong = (s: Principal, purpose: "sign_in" | "step_up", kind: "totp" | "recovery_code" = "totp") =>
    codeOf(presentCodeFactor(deps(), s, { kind, code: kind === "totp" ? "000000" : "AAAA-AAAA-AAAA-AAAA" }, { ip: "10.4.0.9", purpose }));

  it("a password alone cannot lock the victim's verified session out of step-up, and many password-only sessions still stop at 10 guesses", async () => {
    const p = await pendingUser("victim");
    const { secret } = await enrol(p);
    const victim = await freshPrincipal(p); // the victim's verified session
    const [u] = await database.db.select().from(users).where(eq(users.id, p.userId));
    // The attacker knows the password, not the factor: session after session, 4 guesses each (under the session's 5).
    const attackers: Principal[] = [];
    const outcomes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const a = await signInPending(u!.email);
      attackers.push(a);
      for (let j = 0; j < 4; j++) {
        tick(5);
        outcomes.push((await wrong(a, "sign_in")) ?? "ok");
      }
    }
    // 10 wrong codes over the pending sessions: the 11th and later are refused whatever they are, in every pending session.
    expect(outcomes.slice(0, 10)).toEqual(Array(10).fill("invalid_request"));
    expect(outcomes.slice(10)).toEqual(["rate_limited", "rate_limited"]);
    tick(31);
    const fresh = await signInPending(u!.email);
    expect(
      await codeOf(presentCodeFactor(deps(), fresh, { kind: "totp", code: await totpAt(secret) }, { ip: "10.4.0.9", purpose: "sign_in" })),
    ).toBe("rate_limited");
    expect(await usable(fresh)).toBe(false);
    // The victim's verified session: step-up with the right code still works.
    expect(
      await presentCodeFactor(deps(), victim, { kind: "totp", code: await totpAt(secret) }, { ip: "10.4.0.1", purpose: "step_up" }),
    ).toEqual({ recoveryCodesLeft: 10, session: null });
    expect((await lockAudits(p.userId)).map((r) => (r.summary as { scope: string }).scope)).toEqual(["user_pending"]);
    // The user's pending lock lasts 30 minutes.
    tick(29 * 60);
    expect(await wrong(fresh, "sign_in")).toBe("rate_limited");
    tick(60);
    follow(
      fresh,
      await presentCodeFactor(deps(), fresh, { kind: "totp", code: await totpAt(secret) }, { ip: "10.4.0.9", purpose: "sign_in" }),
    );
    expect(await usable(fresh)).toBe(true);
  });

  it("wrong step-up codes of verified sessions lock step-up (per user, 5, for 30 minutes) and leave pending sign-ins alone", async () => {
    const p = await pendingUser("stepper");
    const { secret } = await enrol(p);
    const a = await freshPrincipal(p);
    for (let i = 0; i < 5; i++) {
      tick(5);
      expect(await wrong(a, "step_up", i % 2 ? "recovery_code" : "totp")).toBe("invalid_request");
    }
    tick(31);
    expect(
      await codeOf(presentCodeFactor(deps(), a, { kind: "totp", code: await totpAt(secret) }, { ip: "10.4.0.1", purpose: "step_up" })),
    ).toBe("rate_limited");
    const [u] = await database.db.select().from(users).where(eq(users.id, p.userId));
    const s = await signInPending(u!.email);
    follow(s, await presentCodeFactor(deps(), s, { kind: "totp", code: await totpAt(secret) }, { ip: "10.4.0.1", purpose: "sign_in" }));
    expect(await usable(s)).toBe(true);
    expect((await lockAudits(p.userId)).map((r) => (r.summary as { scope: string }).scope)).toEqual(["user_verified"]);
    tick(30 * 60);
    await presentCodeFactor(deps(), a, { kind: "totp", code: await totpAt(secret) }, { ip: "10.4.0.1", purpose: "step_up" });
  });

  it("the pre-second-factor session id dies when the second factor completes; step-up keeps the id", async () => {
    const p = await pendingUser("rotate");
    const { secret } = await enrol(p);
    tick(60);
    const [u] = await database.db.select().from(users).where(eq(users.id, p.userId));
    const s = await signInPending(u!.email);
    const before = { uid: s.userId, sid: s.sessionId, sv: u!.sessionVersion }; // what a copy of the password step's cookie holds
    const [oldRow] = await database.db.select().from(sessions).where(eq(sessions.id, before.sid));
    const done = await presentCodeFactor(deps(), s, { kind: "totp", code: await totpAt(secret) }, { ip: "10.4.0.6", purpose: "sign_in" });
    expect(done.session).not.toBeNull();
    expect(done.session!.sid).not.toBe(before.sid);
    expect(await resolvePrincipal(database.db, before, limits, clock)).toEqual({ ok: false, reason: "ended" });
    const now = await resolvePrincipal(database.db, done.session, limits, clock);
    expect(now.ok).toBe(true);
    const [oldAfter] = await database.db.select().from(sessions).where(eq(sessions.id, before.sid));
    const [newRow] = await database.db.select().from(sessions).where(eq(sessions.id, done.session!.sid));
    expect(oldAfter!.endReason).toBe("rotated");
    // The same sign-in goes on: its absolute lifetime still counts from the password step.
    expect(newRow!.createdAt.getTime()).toBe(oldRow!.createdAt.getTime());
    expect(newRow!.mfaVerifiedAt?.getTime()).toBe(clock.getTime());
    // A second request that still holds the old cookie (a double submit) is refused as signed out, not as an error.
    expect(await codeOf(presentCodeFactor(deps(), s, { kind: "totp", code: "000000" }, { ip: "10.4.0.6", purpose: "sign_in" }))).toBe(
      "unauthenticated",
    );
    if (!now.ok) return;
    tick(30);
    const up = await presentCodeFactor(
      deps(),
      now.principal,
      { kind: "totp", code: await totpAt(secret) },
      { ip: "10.4.0.6", purpose: "step_up" },
    );
    expect(up.session).toBeNull();
  });

  it("a recovery code signs in once (any case, with or without dashes) and says how many are left; used again it is refused", async () => {
    const p = await pendingUser("recovery");
    const { codes } = await enrol(p);
    const [u] = await database.db.select().from(users).where(eq(users.id, p.userId));
    const s1 = await signInPending(u!.email);
    const r = follow(
      s1,
      await presentCodeFactor(
        deps(),
        s1,
        { kind: "recovery_code", code: codes[3]!.toLowerCase().replaceAll("-", " ") },
        { ip: "10.4.0.5", purpose: "sign_in" },
      ),
    );
    expect(r.recoveryCodesLeft).toBe(9);
    expect(await usable(s1)).toBe(true);
    const s2 = await signInPending(u!.email);
    expect(
      await codeOf(presentCodeFactor(deps(), s2, { kind: "recovery_code", code: codes[3]! }, { ip: "10.4.0.5", purpose: "sign_in" })),
    ).toBe("invalid_request");
    expect(await usable(s2)).toBe(false);
  });
});

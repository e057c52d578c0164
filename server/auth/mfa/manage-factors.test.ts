// Threats guarded: losing the last second factor by accident or by a hijacked session (removing needs a fresh
// factor; the last one cannot go while MFA is required), stale recovery codes still working after new ones were
// made, and a factor reset that leaves the attacker's sessions open or the user uninformed: a super-admin's reset
// removes every factor, ends every session of the user, queues the factor-reset mail, is audited, and is refused to
// anyone else and on oneself.
import { and, eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, mailOutbox, mfaPasskeys, mfaRecoveryCodes, mfaTotp, sessions, users } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { resetUserFactors } from "../../services/admin/users/reset-user-factors";
import { resolvePrincipal, type Principal } from "../principal";
import { checkSignIn } from "../sign-in";
import { createUser, seedLocalRoles } from "../users";
import { regenerateRecoveryCodes, removeFactor } from "./manage-factors";
import { presentCodeFactor } from "./present-factor";
import type { MfaDeps } from "./session-factor";
import { confirmTotpEnrolment, startTotpEnrolment } from "./totp-enrolment";
import { codeOf } from "../../../tests/support/services.support";

const PASSWORD = "correct horse battery 3";
const AUTH_SECRET = "manage-test-secret-0123456789abcdef0123456";

describe.each(testDatabaseTargets())("managing second factors on $name", (target) => {
  let database: TestDatabase;
  const deps = (): MfaDeps => ({ db: database.db, authSecret: AUTH_SECRET });

  beforeAll(async () => {
    database = await target.open();
    await seedLocalRoles(database.db);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  /** A user signed in and enrolled (TOTP) under MFA_REQUIRED=all, with a fresh factor: a full principal. */
  async function enrolled(tag: string, userType: "USER" | "SUPER_ADMIN" = "USER") {
    const email = `${tag}-${Math.random().toString(36).slice(2, 7)}@manage.test`;
    await createUser(
      database.db,
      { email, name: tag, password: PASSWORD, userType, roleNames: userType === "USER" ? ["read-only"] : [] },
      { id: null, email: "t" },
    );
    const r = await checkSignIn(database.db, { email, password: PASSWORD, ip: "10.6.0.1", userAgent: "vitest" });
    if (!r.ok) throw new Error(r.message);
    let claims = r.claims;
    const resolve = async (): Promise<Principal> => {
      const p = await resolvePrincipal(database.db, claims, { idleMs: 3_600_000, maxAgeMs: 86_400_000, mfaRequired: "all" });
      if (p.ok) return p.principal;
      if ("pending" in p) return p.pending;
      throw new Error(p.reason);
    };
    const { secret } = await startTotpEnrolment(deps(), await resolve(), "x");
    const { recoveryCodes, session } = await confirmTotpEnrolment(deps(), await resolve(), await generate({ secret }), "10.6.0.1");
    claims = session ?? claims; // the enrolment completed the sign-in: the session's new id
    return { email, claims, resolve, recoveryCodes, secret };
  }

  it("the last factor cannot be removed while MFA is required; a second one (a passkey) can go, then the app cannot", async () => {
    const u = await enrolled("last");
    expect(await codeOf(removeFactor(deps(), await u.resolve(), { kind: "totp" }, "10.6.0.1"))).toBe("conflict");
    await database.db
      .insert(mfaPasskeys)
      .values({ userId: u.claims.uid, credentialId: `cred-${u.claims.uid}`, publicKey: "AA", name: "Laptop" });
    const [key] = await database.db.select().from(mfaPasskeys).where(eq(mfaPasskeys.userId, u.claims.uid));
    await removeFactor(deps(), await u.resolve(), { kind: "totp" }, "10.6.0.1");
    expect(await codeOf(removeFactor(deps(), await u.resolve(), { kind: "passkey", id: key!.id }, "10.6.0.1"))).toBe("conflict");
    expect(await database.db.select().from(mfaTotp).where(eq(mfaTotp.userId, u.claims.uid))).toHaveLength(0);
  });

  it("removing or regenerating with a stale factor is refused (step_up_required)", async () => {
    const u = await enrolled("stale");
    await database.db
      .update(sessions)
      .set({ factorAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessions.id, u.claims.sid));
    expect(await codeOf(regenerateRecoveryCodes(deps(), await u.resolve(), "10.6.0.1"))).toBe("step_up_required");
    expect(await codeOf(removeFactor(deps(), await u.resolve(), { kind: "totp" }, "10.6.0.1"))).toBe("step_up_required");
  });

  it("new recovery codes replace the old ones: an old code no longer signs in", async () => {
    const u = await enrolled("regen");
    const { recoveryCodes } = await regenerateRecoveryCodes(deps(), await u.resolve(), "10.6.0.1");
    expect(recoveryCodes).toHaveLength(10);
    const p = await u.resolve();
    expect(
      await codeOf(
        presentCodeFactor(deps(), p, { kind: "recovery_code", code: u.recoveryCodes[0]! }, { ip: "10.6.0.1", purpose: "step_up" }),
      ),
    ).toBe("invalid_request");
    expect(
      await presentCodeFactor(deps(), p, { kind: "recovery_code", code: recoveryCodes[0]! }, { ip: "10.6.0.1", purpose: "step_up" }),
    ).toEqual({ recoveryCodesLeft: 9, session: null });
  });

  it("a super-admin's reset removes every factor, ends the user's sessions, queues the mail, and is audited", async () => {
    const admin = await enrolled("boss", "SUPER_ADMIN");
    const victim = await enrolled("victim");
    const appUrl = "http://dash.test";
    await resetUserFactors(
      {
        deps: { db: database.db, config: { appUrl, setPasswordLinkMs: 48 * 3_600_000 } },
        principal: await admin.resolve(),
        ip: "10.6.0.9",
      },
      { userId: victim.claims.uid },
    );
    expect(await database.db.select().from(mfaTotp).where(eq(mfaTotp.userId, victim.claims.uid))).toHaveLength(0);
    expect(await database.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, victim.claims.uid))).toHaveLength(0);
    const live = await database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, victim.claims.uid)));
    expect(live.every((s) => s.endedAt !== null)).toBe(true);
    await expect(victim.resolve()).rejects.toThrow("ended"); // the old cookie's session is gone
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, victim.email));
    expect(mails.map((m) => m.kind)).toEqual(["factor_reset"]);
    expect(mails[0]!.textBody).toMatch(new RegExp(`${appUrl}/login/enrol\\?token=[\\w-]{43}`)); // the one-time enrolment link
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.factors_reset"), eq(auditLog.targetId, victim.claims.uid)));
    expect(audit).toHaveLength(1);
  });

  it("refused (403, audited) to a user who is not a super-admin, and on oneself", async () => {
    const admin = await enrolled("self", "SUPER_ADMIN");
    const clerk = await enrolled("clerk");
    const other = await enrolled("other");
    const clerkAsManager = { ...(await clerk.resolve()), permissions: new Set(["USERS_MANAGE" as const]) };
    const deps = { db: database.db, config: { appUrl: "x", setPasswordLinkMs: 3_600_000 } };
    expect(await codeOf(resetUserFactors({ deps, principal: clerkAsManager, ip: null }, { userId: other.claims.uid }))).toBe("forbidden");
    expect(await codeOf(resetUserFactors({ deps, principal: await admin.resolve(), ip: null }, { userId: admin.claims.uid }))).toBe(
      "forbidden",
    );
    expect(await database.db.select().from(mfaTotp).where(eq(mfaTotp.userId, other.claims.uid))).toHaveLength(1);
    const refused = await database.db.select().from(auditLog).where(eq(auditLog.action, "user.factors_reset_refused"));
    expect(refused.length).toBeGreaterThanOrEqual(2);
    const [u] = await database.db.select().from(users).where(eq(users.id, admin.claims.uid));
    expect(u!.status).toBe("active");
  });
});

// Threats guarded: a session that passed the password step only being used as a signed-in session (PCI DSS 4.0.1
// 8.4.2: no page and no API call between the password and the second factor), and a generated password kept in
// use. resolvePrincipal (checked on every request) must refuse such a session and say which step is owed, under
// MFA_REQUIRED all / admins / none; a verified session, or one not asked for a factor, is usable.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mfaTotp, sessions, users } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { resolvePrincipal, type SessionClaims } from "../principal";
import { checkSignIn } from "../sign-in";
import { createUser, seedLocalRoles } from "../users";
import { mfaRequiredFor, stepUpNeeded } from "./policy";

// The users of this file share one password: hashed once (real scrypt), verified for real at every sign-in.
vi.mock("../password", async (importOriginal) => {
  const real = await importOriginal<typeof import("../password")>();
  const { hashedOncePerPassword } = await import("@/tests/support/password-memo.support");
  return { ...real, hashPassword: hashedOncePerPassword(real.hashPassword) };
});

const base = { idleMs: 30 * 60_000, maxAgeMs: 12 * 3_600_000 };
const PASSWORD = "correct horse battery 7";

describe("MFA_REQUIRED policy (pure)", () => {
  it("admins means super-admins and holders of USERS_MANAGE or ROLES_MANAGE, nobody else", () => {
    expect(mfaRequiredFor("admins", "SUPER_ADMIN", new Set())).toBe(true);
    expect(mfaRequiredFor("admins", "USER", new Set(["USERS_MANAGE"]))).toBe(true);
    expect(mfaRequiredFor("admins", "USER", new Set(["ROLES_MANAGE"]))).toBe(true);
    expect(mfaRequiredFor("admins", "USER", new Set(["REFUNDS_APPROVE", "TRANSACTIONS_VIEW"]))).toBe(false);
    expect(mfaRequiredFor("all", "USER", new Set())).toBe(true);
    expect(mfaRequiredFor("none", "SUPER_ADMIN", new Set())).toBe(false);
  });

  it("step-up asks again when the factor is older than 5 minutes, and never a user with no factor who is not required one", () => {
    const now = new Date("2030-01-01T12:00:00Z");
    const ago = (min: number) => new Date(now.getTime() - min * 60_000);
    expect(stepUpNeeded({ factorAt: ago(4), hasFactor: true, mfaRequired: true }, now)).toBe(false);
    expect(stepUpNeeded({ factorAt: ago(6), hasFactor: true, mfaRequired: true }, now)).toBe(true);
    expect(stepUpNeeded({ factorAt: null, hasFactor: false, mfaRequired: true }, now)).toBe(true);
    expect(stepUpNeeded({ factorAt: null, hasFactor: true, mfaRequired: false }, now)).toBe(true);
    expect(stepUpNeeded({ factorAt: null, hasFactor: false, mfaRequired: false }, now)).toBe(false);
  });
});

describe.each(testDatabaseTargets())("the second-factor gate in resolvePrincipal on $name", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.open();
    await seedLocalRoles(database.db);
    const actor = { id: null, email: "test" };
    await createUser(
      database.db,
      { email: "clerk@gate.test", name: "Clerk", password: PASSWORD, userType: "USER", roleNames: ["read-only"] },
      actor,
    );
    await createUser(
      database.db,
      { email: "boss@gate.test", name: "Boss", password: PASSWORD, userType: "SUPER_ADMIN", roleNames: [] },
      actor,
    );
  });
  afterAll(async () => {
    await database?.dispose();
  });

  async function signIn(email: string): Promise<SessionClaims> {
    const r = await checkSignIn(database.db, { email, password: PASSWORD, ip: "10.3.0.1", userAgent: "vitest" });
    if (!r.ok) throw new Error(r.message);
    return r.claims;
  }

  it("MFA_REQUIRED=all: a password-only session is refused (enrol first: no factor yet) and holds no permission", async () => {
    const claims = await signIn("clerk@gate.test");
    const r = await resolvePrincipal(database.db, claims, { ...base, mfaRequired: "all" });
    expect(r.ok).toBe(false);
    expect(r.ok === false && "step" in r && { reason: r.reason, step: r.step, perms: r.pending.permissions.size }).toEqual({
      reason: "second_factor_required",
      step: "enrol",
      perms: 0,
    });
  });

  it("an enrolled user's password-only session owes 'verify'; after mfaVerifiedAt it is a full principal with factorAt", async () => {
    const claims = await signIn("boss@gate.test");
    await database.db.insert(mfaTotp).values({ userId: claims.uid, secretEnc: "x", confirmedAt: new Date() });
    const before = await resolvePrincipal(database.db, claims, { ...base, mfaRequired: "all" });
    expect(!before.ok && "step" in before && before.step).toBe("verify");
    const at = new Date();
    await database.db.update(sessions).set({ mfaVerifiedAt: at, factorAt: at, factorKind: "totp" }).where(eq(sessions.id, claims.sid));
    const after = await resolvePrincipal(database.db, claims, { ...base, mfaRequired: "all" });
    expect(
      after.ok && {
        hasFactor: after.principal.hasFactor,
        factorAt: after.principal.factorAt?.getTime(),
        n: after.principal.permissions.size > 5,
      },
    ).toEqual({
      hasFactor: true,
      factorAt: at.getTime(),
      n: true,
    });
    await database.db.delete(mfaTotp).where(eq(mfaTotp.userId, claims.uid));
  });

  it("MFA_REQUIRED=admins: a super-admin owes a factor, a read-only clerk does not", async () => {
    const admin = await resolvePrincipal(database.db, await signIn("boss@gate.test"), { ...base, mfaRequired: "admins" });
    expect(!admin.ok && admin.reason).toBe("second_factor_required");
    const clerk = await resolvePrincipal(database.db, await signIn("clerk@gate.test"), { ...base, mfaRequired: "admins" });
    expect(clerk.ok && clerk.principal.mfaRequired).toBe(false);
  });

  it("MFA_REQUIRED=none: a password-only session is usable, unless the user enrolled a factor anyway", async () => {
    const claims = await signIn("clerk@gate.test");
    expect((await resolvePrincipal(database.db, claims, { ...base, mfaRequired: "none" })).ok).toBe(true);
    await database.db.insert(mfaTotp).values({ userId: claims.uid, secretEnc: "x", confirmedAt: new Date() });
    const r = await resolvePrincipal(database.db, await signIn("clerk@gate.test"), { ...base, mfaRequired: "none" });
    expect(!r.ok && "step" in r && r.step).toBe("verify");
    await database.db.delete(mfaTotp).where(eq(mfaTotp.userId, claims.uid));
  });

  it("an unconfirmed enrolment is not a factor (the user still owes 'enrol')", async () => {
    const claims = await signIn("clerk@gate.test");
    await database.db.insert(mfaTotp).values({ userId: claims.uid, secretEnc: "x", confirmedAt: null });
    const r = await resolvePrincipal(database.db, claims, { ...base, mfaRequired: "all" });
    expect(!r.ok && "step" in r && r.step).toBe("enrol");
    await database.db.delete(mfaTotp).where(eq(mfaTotp.userId, claims.uid));
  });

  it("a user who must change a generated password gets nothing else (after the factor, when one is required)", async () => {
    await database.db.update(users).set({ mustChangePassword: true }).where(eq(users.email, "clerk@gate.test"));
    const claims = await signIn("clerk@gate.test");
    const none = await resolvePrincipal(database.db, claims, { ...base, mfaRequired: "none" });
    expect(!none.ok && "step" in none && none.step).toBe("change_password");
    expect(!none.ok && none.reason).toBe("password_change_required");
    const all = await resolvePrincipal(database.db, claims, { ...base, mfaRequired: "all" });
    expect(!all.ok && "step" in all && all.step).toBe("enrol");
    await database.db.update(users).set({ mustChangePassword: false }).where(eq(users.email, "clerk@gate.test"));
  });
});

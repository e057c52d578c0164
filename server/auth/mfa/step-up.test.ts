// Threat guarded: a sensitive action (here: disabling a user) done from a session whose second factor is old: a
// session left open on an unattended desk, or a hijacked cookie. The service refuses with step_up_required when the
// factor is older than 5 minutes; after a fresh factor (POST /api/session/step-up's service) it succeeds. A user
// with no factor whom MFA_REQUIRED does not ask for one (here "none") is not asked.
import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { setUserStatus } from "../../services/admin/users/set-user-status";
import { resolvePrincipal, type Principal } from "../principal";
import { checkSignIn } from "../sign-in";
import { createUser, seedLocalRoles } from "../users";
import { presentCodeFactor } from "./present-factor";
import type { MfaDeps } from "./session-factor";
import { confirmTotpEnrolment, startTotpEnrolment } from "./totp-enrolment";
import { codeOf } from "../../../tests/support/services.support";

const PASSWORD = "correct horse battery 5";
const AUTH_SECRET = "step-up-test-secret-0123456789abcdef012345";
const base = { idleMs: 3_600_000, maxAgeMs: 86_400_000 };

describe.each(testDatabaseTargets())("step-up before sensitive actions on $name", (target) => {
  let database: TestDatabase;
  // The services read the real clock (requireFreshFactor's default): the test ages the session's factor instead.
  let clock = new Date();
  const deps = (): MfaDeps => ({ db: database.db, authSecret: AUTH_SECRET, now: () => clock });
  let targetUserId = "";

  beforeAll(async () => {
    database = await target.open();
    await seedLocalRoles(database.db);
    await createUser(
      database.db,
      { email: "admin@stepup.test", name: "Admin", password: PASSWORD, userType: "SUPER_ADMIN", roleNames: [] },
      { id: null, email: "t" },
    );
    await createUser(
      database.db,
      { email: "plain@stepup.test", name: "Plain", password: PASSWORD, userType: "SUPER_ADMIN", roleNames: [] },
      { id: null, email: "t" },
    );
    const victim = await createUser(
      database.db,
      { email: "target@stepup.test", name: "T", password: PASSWORD, userType: "USER", roleNames: ["read-only"] },
      { id: null, email: "t" },
    );
    targetUserId = victim.id;
  });
  afterAll(async () => {
    await database?.dispose();
  });

  async function resolve(
    email: string,
    mfaRequired: "all" | "none",
  ): Promise<{ claims: { uid: string; sid: string; sv: number }; principal: () => Promise<Principal> }> {
    const r = await checkSignIn(database.db, { email, password: PASSWORD, ip: "10.5.0.1", userAgent: "vitest" }, clock);
    if (!r.ok) throw new Error(r.message);
    // The claims the session's current cookie carries: completing the second factor moves the session to a new id.
    const s = {
      claims: r.claims,
      principal: async () => {
        const p = await resolvePrincipal(database.db, s.claims, { ...base, mfaRequired }, clock);
        if (p.ok) return p.principal;
        if ("pending" in p) return p.pending;
        throw new Error(p.reason);
      },
    };
    return s;
  }

  it("refused with step_up_required when the factor is over 5 minutes old; accepted after a fresh TOTP", async () => {
    const s = await resolve("admin@stepup.test", "all");
    const { secret } = await startTotpEnrolment(deps(), await s.principal(), "x");
    const enrolled = await confirmTotpEnrolment(
      deps(),
      await s.principal(),
      await generate({ secret, epoch: clock.getTime() / 1000 }),
      "10.5.0.1",
    );
    s.claims = enrolled.session ?? s.claims;
    const disable = async () =>
      setUserStatus(
        { deps: { db: database.db }, principal: await s.principal(), ip: "10.5.0.1" },
        { userId: targetUserId, status: "disabled" },
      );
    const factorAgo = (min: number) =>
      database.db
        .update(sessions)
        .set({ factorAt: new Date(Date.now() - min * 60_000) })
        .where(eq(sessions.id, s.claims.sid));
    await factorAgo(4);
    expect(await codeOf(disable())).toBe("ok"); // 4 minutes after the factor: fresh
    await setUserStatus(
      { deps: { db: database.db }, principal: await s.principal(), ip: "10.5.0.1" },
      { userId: targetUserId, status: "active" },
    );
    await factorAgo(6);
    expect(await codeOf(disable())).toBe("step_up_required");
    const [t] = await database.db.select().from(users).where(eq(users.id, targetUserId));
    expect(t!.status).toBe("active");
    clock = new Date(clock.getTime() + 30_000); // the next time step (the enrolment spent this one)
    const stepUp = await presentCodeFactor(
      deps(),
      await s.principal(),
      { kind: "totp", code: await generate({ secret, epoch: clock.getTime() / 1000 }) },
      { ip: "10.5.0.1", purpose: "step_up" },
    );
    expect(stepUp.session).toBeNull(); // step-up keeps the session's id
    const [row] = await database.db.select().from(sessions).where(eq(sessions.id, s.claims.sid));
    expect(row!.factorAt?.getTime()).toBe(clock.getTime());
    expect(await codeOf(disable())).toBe("ok");
    await setUserStatus(
      { deps: { db: database.db }, principal: await s.principal(), ip: "10.5.0.1" },
      { userId: targetUserId, status: "active" },
    );
  });

  it("a user with no factor under MFA_REQUIRED=none is not asked (nothing to present)", async () => {
    const s = await resolve("plain@stepup.test", "none");
    const again = setUserStatus(
      { deps: { db: database.db }, principal: await s.principal(), ip: "10.5.0.2" },
      { userId: targetUserId, status: "disabled" },
    );
    expect(await codeOf(again)).toBe("ok");
  });
});

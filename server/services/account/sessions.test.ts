// Rules guarded: "Where you're signed in" lists only the user's own live sessions, with this browser marked;
// "sign out other sessions" ends every other session of the user on its next request and keeps this one, audited;
// only a super-admin sees another user's sessions and sign-in history (a USERS_MANAGE holder is refused), and can
// end one of them or all, effective on the next request.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAuditChain } from "../../audit/audit-log";
import { resolvePrincipal, type Principal, type SessionClaims } from "../../auth/principal";
import { checkSignIn } from "../../auth/sign-in";
import { createUser, seedLocalRoles } from "../../auth/users";
import { auditLog, roles } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { endUserSessions } from "../admin/users/end-user-sessions";
import { listUserSessions } from "../admin/users/list-user-sessions";
import { codeOf } from "../../../tests/support/services.support";
import { endOtherSessions } from "./end-other-sessions";
import { listOwnSessions } from "./list-own-sessions";

const limits = { idleMs: 15 * 60_000, maxAgeMs: 12 * 3_600_000, mfaRequired: "none" as const };
const PASSWORD = "sessions password 1";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

describe.each(testDatabaseTargets())("sessions and sign-in history on $name", (target) => {
  let database: TestDatabase;
  let ipSeq = 0;
  beforeAll(async () => {
    database = await target.open();
    await seedLocalRoles(database.db);
    await database.db
      .insert(roles)
      .values({ name: "user-admin", description: "Manages users", permissions: ["USERS_MANAGE"], source: "local" });
    const actor = { id: null, email: "t" };
    await createUser(
      database.db,
      { email: "worker@s.test", name: "Worker", password: PASSWORD, userType: "USER", roleNames: ["read-only"] },
      actor,
    );
    await createUser(database.db, { email: "admin@s.test", name: "Admin", password: PASSWORD, userType: "SUPER_ADMIN" }, actor);
    await createUser(
      database.db,
      { email: "manager@s.test", name: "Manager", password: PASSWORD, userType: "USER", roleNames: ["user-admin"] },
      actor,
    );
  });
  afterAll(async () => {
    await database?.dispose();
  });

  async function signIn(email: string, userAgent = CHROME): Promise<{ claims: SessionClaims; principal: Principal }> {
    const r = await checkSignIn(database.db, { email, password: PASSWORD, ip: `10.60.${++ipSeq}.1`, userAgent });
    if (!r.ok) throw new Error(r.message);
    const p = await resolvePrincipal(database.db, r.claims, limits);
    if (!p.ok) throw new Error(p.reason);
    return { claims: r.claims, principal: p.principal };
  }
  /** The sessions services' deps: this database, the real clock, the lifetimes above. */
  const deps = () => ({ db: database.db, now: () => new Date(), config: { session: limits } });
  const as = (principal: Principal, ip: string | null = null) => ({ deps: deps(), principal, ip });
  const alive = async (claims: SessionClaims) => (await resolvePrincipal(database.db, claims, limits)).ok;

  it("lists the user's own live sessions, this browser first and marked, with the browser in words and the IP", async () => {
    const a = await signIn("worker@s.test", CHROME);
    const b = await signIn("worker@s.test", FIREFOX);
    await signIn("admin@s.test");
    const list = await listOwnSessions(as(b.principal));
    expect(list.map((s) => s.id)).toEqual([b.claims.sid, a.claims.sid]);
    expect(list[0]).toMatchObject({ current: true, browser: "Firefox on Windows", ip: expect.stringMatching(/^10\.60\./) });
    expect(list[1]).toMatchObject({ current: false, browser: "Chrome on Linux" });
  });

  it("'sign out other sessions' ends the others on their next request and keeps this one; audited", async () => {
    const here = await signIn("worker@s.test");
    const other1 = await signIn("worker@s.test", FIREFOX);
    const other2 = await signIn("worker@s.test");
    const { ended } = await endOtherSessions(as(here.principal, "10.60.0.9"));
    expect(ended).toBeGreaterThanOrEqual(2);
    expect(await alive(other1.claims)).toBe(false);
    expect(await alive(other2.claims)).toBe(false);
    expect(await alive(here.claims)).toBe(true);
    expect((await listOwnSessions(as(here.principal))).map((s) => s.id)).toEqual([here.claims.sid]);
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.action, "auth.sessions_ended"));
    expect(rows.some((r) => r.actorId === here.principal.userId && (r.summary as { kept?: string }).kept === here.claims.sid)).toBe(true);
  });

  it("refuses another user's sessions and history to a USERS_MANAGE holder who is not a super-admin", async () => {
    const manager = await signIn("manager@s.test");
    expect(manager.principal.permissions.has("USERS_MANAGE")).toBe(true);
    const worker = await signIn("worker@s.test");
    expect(await codeOf(listUserSessions(as(manager.principal), { userId: worker.principal.userId }))).toBe("forbidden");
    expect(await codeOf(endUserSessions(as(manager.principal), { userId: worker.principal.userId }))).toBe("forbidden");
    expect(await alive(worker.claims)).toBe(true);
  });

  it("shows a super-admin the user's sessions and sign-in history: successes, failures and throttles", async () => {
    const admin = await signIn("admin@s.test");
    const worker = await signIn("worker@s.test");
    for (let i = 0; i < 6; i++)
      await checkSignIn(database.db, { email: "worker@s.test", password: `wrong password ${i}`, ip: "10.61.0.1", userAgent: CHROME });
    const report = await listUserSessions(as(admin.principal), { userId: worker.principal.userId });
    expect(report.user.email).toBe("worker@s.test");
    expect(report.sessions.some((s) => s.id === worker.claims.sid)).toBe(true);
    const actions = new Set(report.history.map((h) => h.action));
    for (const a of ["auth.sign_in", "auth.sign_in_failed", "auth.sign_in_throttled"]) expect(actions).toContain(a);
    expect(report.history.find((h) => h.action === "auth.sign_in_failed")?.detail).toBe("wrong_password");
    expect(report.failuresLastDay).toBeGreaterThanOrEqual(5);
    expect(report.lockedUntil).not.toBeNull();
    expect(await codeOf(listUserSessions(as(admin.principal), { userId: "00000000-0000-4000-8000-000000000001" }))).toBe("not_found");
  });

  it("lets a super-admin end one session of a user, then all of them, each on the next request; audited", async () => {
    const admin = await signIn("admin@s.test");
    const one = await signIn("manager@s.test");
    const two = await signIn("manager@s.test");
    await endUserSessions(as(admin.principal, "10.62.0.1"), { userId: one.principal.userId, sessionId: one.claims.sid });
    expect(await alive(one.claims)).toBe(false);
    expect(await alive(two.claims)).toBe(true);
    expect(await codeOf(endUserSessions(as(admin.principal), { userId: one.principal.userId, sessionId: one.claims.sid }))).toBe(
      "not_found",
    );
    await endUserSessions(as(admin.principal, "10.62.0.1"), { userId: one.principal.userId });
    expect(await alive(two.claims)).toBe(false);
    expect(await alive(admin.claims)).toBe(true);
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.targetId, one.principal.userId));
    expect(rows.filter((r) => r.action === "auth.sessions_ended").map((r) => (r.summary as { scope: string }).scope)).toEqual([
      "one",
      "all",
    ]);
    expect((await verifyAuditChain(database.db)).ok).toBe(true);
  });
});

// Rules guarded: disabling a user ends their sessions at once (their next request is refused); nobody disables
// themself (forbidden); only a super-admin changes a super-admin's status; the last active super-admin cannot be disabled (not even by two admins at once); a role change
// applies to the user's next request (gain and lose an action); only USERS_MANAGE may do any of it; all audited.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { verifyAuditChain } from "../../../audit/audit-log";
import { resolvePrincipal } from "../../../auth/principal";
import { checkSignIn } from "../../../auth/sign-in";
import { createUser, seedLocalRoles } from "../../../auth/users";
import { roles } from "../../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../../tests/support/db.support";
import { codeOf, testPrincipal } from "../../../../tests/support/services.support";
import { listUsers } from "./list-users";
import { setUserRoles } from "./set-user-roles";
import { setUserStatus } from "./set-user-status";

// The users of this file share one password: hashed once (real scrypt), verified for real at every sign-in.
vi.mock("../../../auth/password", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../auth/password")>();
  const { hashedOncePerPassword } = await import("@/tests/support/password-memo.support");
  return { ...real, hashPassword: hashedOncePerPassword(real.hashPassword) };
});

const limits = { idleMs: 15 * 60_000, maxAgeMs: 12 * 3_600_000, mfaRequired: "none" as const };
const PASSWORD = "a long enough password 1";

describe.each(testDatabaseTargets())("user administration on $name", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.open();
    await seedLocalRoles(database.db);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("disabling a user ends their session on the next request; enabling lets them sign in again", async () => {
    const admin = await testPrincipal(database.db, "Admin", "all");
    await createUser(
      database.db,
      { email: "clerk@users.test", name: "Clerk", password: PASSWORD, userType: "USER", roleNames: ["read-only"] },
      { id: null, email: "t" },
    );
    const s = await checkSignIn(database.db, { email: "clerk@users.test", password: PASSWORD, ip: "10.0.0.1", userAgent: null });
    if (!s.ok) throw new Error("sign-in failed");
    expect((await resolvePrincipal(database.db, s.claims, limits)).ok).toBe(true);
    await setUserStatus({ deps: { db: database.db }, principal: admin, ip: null }, { userId: s.claims.uid, status: "disabled" });
    expect((await resolvePrincipal(database.db, s.claims, limits)).ok).toBe(false);
    await setUserStatus({ deps: { db: database.db }, principal: admin, ip: null }, { userId: s.claims.uid, status: "active" });
    expect((await resolvePrincipal(database.db, s.claims, limits)).ok).toBe(false); // the old session stays ended
    expect((await checkSignIn(database.db, { email: "clerk@users.test", password: PASSWORD, ip: "10.0.0.1", userAgent: null })).ok).toBe(
      true,
    );
  });

  it("refuses to disable oneself, and the last active super-admin", async () => {
    const fresh = await target.open();
    try {
      const only = await testPrincipal(fresh.db, "Only admin", "all");
      expect(
        await codeOf(setUserStatus({ deps: { db: fresh.db }, principal: only, ip: null }, { userId: only.userId, status: "disabled" })),
      ).toBe("forbidden");
      const manager = await testPrincipal(fresh.db, "Manager", ["USERS_MANAGE"]);
      const byManager = setUserStatus(
        { deps: { db: fresh.db }, principal: manager, ip: null },
        { userId: only.userId, status: "disabled" },
      );
      expect(await codeOf(byManager)).toBe("forbidden");
      // Two super-admins disabling each other at the same time: one of them must remain.
      const second = await testPrincipal(fresh.db, "Second admin", "all");
      const results = await Promise.allSettled([
        setUserStatus({ deps: { db: fresh.db }, principal: only, ip: null }, { userId: second.userId, status: "disabled" }),
        setUserStatus({ deps: { db: fresh.db }, principal: second, ip: null }, { userId: only.userId, status: "disabled" }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    } finally {
      await fresh.dispose();
    }
  });

  it("a role change applies to the user's next request: they gain, then lose, an action", async () => {
    const admin = await testPrincipal(database.db, "Admin", "all");
    const u = await createUser(
      database.db,
      { email: "grow@users.test", name: "Grow", password: PASSWORD, userType: "USER", roleNames: ["read-only"] },
      { id: null, email: "t" },
    );
    const s = await checkSignIn(database.db, { email: "grow@users.test", password: PASSWORD, ip: "10.0.0.2", userAgent: null });
    if (!s.ok) throw new Error("sign-in failed");
    const can = async () => {
      const r = await resolvePrincipal(database.db, s.claims, limits);
      return r.ok && r.principal.permissions.has("REFUNDS_CREATE");
    };
    expect(await can()).toBe(false);
    const all = await database.db.select().from(roles);
    const finance = all.find((r) => r.name === "finance")!;
    const readOnly = all.find((r) => r.name === "read-only")!;
    await setUserRoles({ deps: { db: database.db }, principal: admin, ip: null }, { userId: u.id, roleIds: [readOnly.id, finance.id] });
    expect(await can()).toBe(true);
    await setUserRoles({ deps: { db: database.db }, principal: admin, ip: null }, { userId: u.id, roleIds: [readOnly.id] });
    expect(await can()).toBe(false);
  });

  it("is refused without USERS_MANAGE, and everything above is in a verifiable audit chain", async () => {
    const reader = await testPrincipal(database.db, "Reader", ["TRANSACTIONS_VIEW"]);
    expect(await codeOf(listUsers({ deps: { db: database.db }, principal: reader, ip: null }))).toBe("forbidden");
    const byReader = setUserStatus({ deps: { db: database.db }, principal: reader, ip: null }, { userId: reader.userId, status: "active" });
    expect(await codeOf(byReader)).toBe("forbidden");
    expect(
      await codeOf(setUserRoles({ deps: { db: database.db }, principal: reader, ip: null }, { userId: reader.userId, roleIds: [] })),
    ).toBe("forbidden");
    expect((await verifyAuditChain(database.db)).ok).toBe(true);
  });
});

// Rules guarded: sign-in is throttled in the database (5 failures per 15 minutes of an account, or 20 from one IP
// address, lock that key for 30 minutes, PCI DSS 8.3.4; an office behind one address is not locked out by 5 typos) with a "try again in N minutes" message; the count and the reservation are one
// atomic step (40 concurrent guesses: at most 5 reach the password check); a lock is audited once, not per attempt;
// wording never reveals whether an account exists; every attempt is audited; a session ends on idle (15 min), on
// absolute age (12 h), on sign-out (every copy of the cookie), on disable, and the password is stored as a scrypt
// hash only.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { verifyAuditChain } from "../audit/audit-log";
import { auditLog, loginAttempts, users } from "../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../tests/support/db.support";
import { verifyPassword } from "./password";
import { endAllSessions, resolvePrincipal } from "./principal";
import { checkSignIn, GENERIC_FAILURE } from "./sign-in";
import { createUser, seedLocalRoles } from "./users";

vi.mock("./password", async (importOriginal) => {
  const real = await importOriginal<typeof import("./password")>();
  const { hashedOncePerPassword } = await import("@/tests/support/password-memo.support");
  // The users of this file share one password: hashed once (real scrypt), verified for real at every sign-in.
  return { ...real, hashPassword: vi.fn(hashedOncePerPassword(real.hashPassword)), verifyPassword: vi.fn(real.verifyPassword) };
});

const limits = { idleMs: 15 * 60_000, maxAgeMs: 12 * 3_600_000, mfaRequired: "none" as const };
const PASSWORD = "correct horse battery 9";

describe.each(testDatabaseTargets())("sign-in and sessions on $name", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.open();
    await seedLocalRoles(database.db);
    await createUser(
      database.db,
      { email: "Reader@Example.com", name: "Reader", password: PASSWORD, userType: "USER", roleNames: ["read-only"] },
      { id: null, email: "test" },
    );
    await createUser(
      database.db,
      { email: "finance@example.com", name: "Fin", password: PASSWORD, userType: "USER", roleNames: ["finance"] },
      { id: null, email: "test" },
    );
  });
  afterAll(async () => {
    await database?.dispose();
  });
  const attempt = (email: string, password: string, ip = "10.0.0.1", now?: Date) =>
    checkSignIn(database.db, { email, password, ip, userAgent: "vitest" }, now);

  it("signs in with the right password (e-mail case-insensitive) and resolves the user's role permissions", async () => {
    const r = await attempt("reader@example.COM", PASSWORD);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const p = await resolvePrincipal(database.db, r.claims, limits);
    expect(p.ok && [...p.principal.permissions].sort()).toEqual(["BRANCHES_VIEW", "TRANSACTIONS_VIEW"]);
  });

  it("gives the same message for a wrong password and an unknown account", async () => {
    expect(await attempt("reader@example.com", "wrong password!")).toEqual({ ok: false, message: GENERIC_FAILURE });
    expect(await attempt("nobody@example.com", "wrong password!")).toEqual({ ok: false, message: GENERIC_FAILURE });
  });

  it("locks an account for 30 minutes after 5 failures in 15 minutes, from any IP, and tells when to try again", async () => {
    const t0 = new Date("2030-01-01T10:00:00Z");
    const at = (ms: number) => new Date(t0.getTime() + ms);
    for (let i = 0; i < 5; i++) await attempt("finance@example.com", "nope nope nope", `10.1.0.${i}`, at(i * 1000));
    const blocked = await attempt("finance@example.com", PASSWORD, "10.9.9.9", at(60_000));
    expect(blocked).toEqual({ ok: false, message: "Too many failed sign-in attempts. Try again in 30 minutes." });
    // Past the 15-minute counting window the lock still holds (PCI DSS 8.3.4: at least 30 minutes).
    expect(await attempt("finance@example.com", PASSWORD, "10.9.9.9", at(16 * 60_000))).toEqual({
      ok: false,
      message: "Too many failed sign-in attempts. Try again in 15 minutes.",
    });
    const later = await attempt("finance@example.com", PASSWORD, "10.9.9.9", at(4_000 + 30 * 60_000 + 1_000));
    expect(later.ok).toBe(true);
  });

  it("locks an IP after 20 failures across different accounts (password spraying), not after 5, with the same answer for unknown accounts", async () => {
    const t0 = new Date("2030-02-01T10:00:00Z");
    for (let i = 0; i < 5; i++) await attempt(`typo${i}@example.com`, "nope nope nope", "10.66.0.1", t0);
    // Five colleagues' typos behind one office address lock none of the others out.
    expect((await attempt("reader@example.com", PASSWORD, "10.66.0.1", new Date(t0.getTime() + 500))).ok).toBe(true);
    for (let i = 5; i < 20; i++) await attempt(`guess${i}@example.com`, "nope nope nope", "10.66.0.1", t0);
    const written = vi.spyOn(process.stdout, "write");
    let r: Awaited<ReturnType<typeof attempt>>;
    let lines: string[];
    try {
      r = await attempt("reader@example.com", PASSWORD, "10.66.0.1", new Date(t0.getTime() + 1000));
    } finally {
      lines = written.mock.calls.map(([line]) => String(line));
      written.mockRestore();
    }
    // A lock on a private address: the log says TRUSTED_PROXY_HOPS is the likely cause (a proxy's address for all).
    const warning = lines.find((line) => line.includes("auth.ip_locked_private_address"));
    expect(warning).toMatch(/TRUSTED_PROXY_HOPS/);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/Try again in 30 minutes/);
    const unknown = await attempt("nobody-at-all@example.com", "nope nope nope", "10.66.0.1", new Date(t0.getTime() + 2000));
    expect(unknown).toEqual(r);
  });

  it("lets at most 5 of 40 concurrent wrong passwords reach the password check (reserve and count are one step)", async () => {
    await createUser(
      database.db,
      { email: "race@example.com", name: "Race", password: PASSWORD, userType: "USER", roleNames: ["read-only"] },
      { id: null, email: "test" },
    );
    const checks = vi.mocked(verifyPassword);
    const before = checks.mock.calls.length;
    const t0 = new Date("2030-04-01T10:00:00Z");
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt("race@example.com", "wrong password 1", `10.77.${i}.1`, t0)),
    );
    expect(checks.mock.calls.length - before).toBeLessThanOrEqual(5);
    expect(results.filter((r) => !r.ok && r.message === GENERIC_FAILURE).length).toBeLessThanOrEqual(5);
    const rows = await database.db.select().from(loginAttempts).where(eq(loginAttempts.email, "race@example.com"));
    expect(rows.length).toBeLessThanOrEqual(5);
    // And the right password is refused too while the lock holds.
    expect((await attempt("race@example.com", PASSWORD, "10.78.0.1", new Date(t0.getTime() + 60_000))).ok).toBe(false);
  });

  it("audits a lock's refused attempts once per lock, not once per attempt", async () => {
    await createUser(
      database.db,
      { email: "flood@example.com", name: "Flood", password: PASSWORD, userType: "USER", roleNames: ["read-only"] },
      { id: null, email: "test" },
    );
    const t0 = new Date("2030-05-01T10:00:00Z");
    for (let i = 0; i < 5; i++) await attempt("flood@example.com", "wrong password 1", `10.88.${i}.1`, t0);
    for (let i = 0; i < 20; i++) await attempt("flood@example.com", "wrong password 1", `10.89.${i}.1`, new Date(t0.getTime() + 1000 + i));
    const throttled = (await database.db.select().from(auditLog).where(eq(auditLog.action, "auth.sign_in_throttled"))).filter(
      (r) => (r.summary as { email?: string }).email === "flood@example.com",
    );
    expect(throttled).toHaveLength(1);
  });

  it("ends a session after 15 idle minutes and after 12 hours in all", async () => {
    const t0 = new Date("2030-03-01T08:00:00Z");
    const r = await attempt("reader@example.com", PASSWORD, "10.2.0.1", t0);
    if (!r.ok) throw new Error("sign-in failed");
    const at = (min: number) => new Date(t0.getTime() + min * 60_000);
    expect((await resolvePrincipal(database.db, r.claims, limits, at(14))).ok).toBe(true);
    expect(await resolvePrincipal(database.db, r.claims, limits, at(14 + 16))).toEqual({ ok: false, reason: "expired" });
    // Active all along (a request every 10 minutes) still ends at 12 hours.
    const r2 = await attempt("reader@example.com", PASSWORD, "10.2.0.2", t0);
    if (!r2.ok) throw new Error("sign-in failed");
    for (let m = 10; m < 12 * 60; m += 10) expect((await resolvePrincipal(database.db, r2.claims, limits, at(m))).ok).toBe(true);
    expect(await resolvePrincipal(database.db, r2.claims, limits, at(12 * 60 + 1))).toEqual({ ok: false, reason: "expired" });
  });

  it("ends every session of the user at once on sign-out, so a replayed cookie is refused", async () => {
    const a = await attempt("reader@example.com", PASSWORD, "10.3.0.1");
    const b = await attempt("reader@example.com", PASSWORD, "10.3.0.2");
    if (!a.ok || !b.ok) throw new Error("sign-in failed");
    await endAllSessions(database.db, a.claims.uid, "sign_out");
    expect((await resolvePrincipal(database.db, a.claims, limits)).ok).toBe(false);
    expect((await resolvePrincipal(database.db, b.claims, limits)).ok).toBe(false);
  });

  it("refuses a disabled user's session on the next request, and their sign-in", async () => {
    const r = await attempt("reader@example.com", PASSWORD, "10.4.0.1");
    if (!r.ok) throw new Error("sign-in failed");
    await database.db.update(users).set({ status: "disabled" }).where(eq(users.id, r.claims.uid));
    expect(await resolvePrincipal(database.db, r.claims, limits)).toEqual({ ok: false, reason: "disabled" });
    expect(await attempt("reader@example.com", PASSWORD, "10.4.0.2")).toEqual({ ok: false, message: GENERIC_FAILURE });
    await database.db.update(users).set({ status: "active" }).where(eq(users.id, r.claims.uid));
  });

  it("refuses forged claims (unknown session id, or a session of another user)", async () => {
    const r = await attempt("reader@example.com", PASSWORD, "10.5.0.1");
    if (!r.ok) throw new Error("sign-in failed");
    const [other] = await database.db.select().from(users).where(eq(users.email, "finance@example.com"));
    expect((await resolvePrincipal(database.db, { ...r.claims, uid: other!.id }, limits)).ok).toBe(false);
    expect((await resolvePrincipal(database.db, { ...r.claims, sid: "00000000-0000-4000-8000-000000000000" }, limits)).ok).toBe(false);
  });

  it("audits sign-ins, failures and throttling in a verifiable chain, with no password in it", async () => {
    const rows = await database.db.select().from(auditLog);
    const actions = new Set(rows.map((r) => r.action));
    expect(actions).toEqual(new Set(["user.create", "auth.sign_in", "auth.sign_in_failed", "auth.sign_in_throttled"]));
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
    expect((await verifyAuditChain(database.db)).ok).toBe(true);
  });

  it("stores passwords as scrypt hashes that verify only the right password", async () => {
    // The real hashPassword (the file's mock reuses a password's hash): production parameters, real scrypt.
    const { hashPassword } = await vi.importActual<typeof import("./password")>("./password");
    const h = await hashPassword("pässwörd-ünïcode");
    expect(h).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword("pässwörd-ünïcode", h)).toBe(true);
    expect(await verifyPassword("passwörd-ünïcode", h)).toBe(false);
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
  });
});

describe("first start", () => {
  it("creates a super-admin whose generated e-mail passes the sign-in form's validation, and only once", async () => {
    const { bootstrapFirstAdmin } = await import("./users");
    const { signInSchema } = await import("@/lib/schemas/auth");
    const database = await testDatabaseTargets()[0]!.open();
    try {
      const admin = await bootstrapFirstAdmin(database.db, null);
      expect(admin?.password).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(signInSchema.safeParse({ email: admin!.email, password: admin!.password }).success).toBe(true);
      const r = await checkSignIn(database.db, { email: admin!.email, password: admin!.password!, ip: "10.7.0.1", userAgent: null });
      expect(r.ok).toBe(true);
      expect(await bootstrapFirstAdmin(database.db, null)).toBeNull();
    } finally {
      await database.dispose();
    }
  });
});

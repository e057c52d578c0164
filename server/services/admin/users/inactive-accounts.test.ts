// Rules guarded (PCI DSS 8.2.6, inactive accounts are disabled within 90 days), with an injected clock, no sleeps:
// an account with no sign-in past INACTIVE_ACCOUNT_DAYS is disabled, its sessions end, the disable is audited (the
// chain still verifies) and mailed to the user and to every super-admin in their own language; one a minute inside
// the limit stays; an account that never signed in counts from its creation (or a re-sent invitation); a
// super-admin's re-enable holds on the next pass, and the count restarts there; the last active super-admin is
// never disabled (a dashboard nobody can administer); two instances running the pass at once disable once. Also
// the setting's bounds and the daily worker's timing, its metric name and its warning.
import { and, eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testDatabaseTargets, type TestDatabase } from "../../../../tests/support/db.support";
import { testPrincipal } from "../../../../tests/support/services.support";
import { verifyAuditChain } from "../../../audit/audit-log";
import { resolvePrincipal } from "../../../auth/principal";
import { checkSignIn } from "../../../auth/sign-in";
import { createUser } from "../../../auth/users";
import { nonPciProblems, readConfig } from "../../../config";
import { openDatabase, type Database, type Db } from "../../../db/client";
import { auditLog, mailOutbox, passwordTokens, sessions, users } from "../../../db/schema";
import { createLogger } from "../../../log/logger";
import { metrics } from "../../../metrics/registry";
import { auditSentence, plainText } from "../audit/sentences";
import { disableInactiveAccounts, type InactivityDeps } from "./inactive-accounts";
import { startInactiveAccounts, type InactiveAccountsHandle } from "./inactive-accounts-scheduler";
import { listUsers } from "./list-users";
import { setUserStatus } from "./set-user-status";

// The users of this file share one password: hashed once (real scrypt), verified for real at every sign-in.
vi.mock("../../../auth/password", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../auth/password")>();
  const { hashedOncePerPassword } = await import("@/tests/support/password-memo.support");
  return { ...real, hashPassword: hashedOncePerPassword(real.hashPassword) };
});

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const PASSWORD = "a long enough password 1";
const limits = { idleMs: 15 * MINUTE_MS, maxAgeMs: 12 * 3_600_000, mfaRequired: "none" as const };
const NOW = new Date("2031-06-01T03:00:00.000Z");
const ago = (ms: number, from = NOW) => new Date(from.getTime() - ms);
/** 90 days (the default limit) before `from`, shifted by `ms` (negative: past the limit). */
const edge = (ms: number, from = NOW) => new Date(from.getTime() - 90 * DAY_MS + ms);
let seq = 0;

/** Failed passes of the job this process recorded (its metric, dashboard_job_passes_total). */
async function failedPasses(): Promise<number> {
  const { values } = await metrics().jobPasses.get();
  return values.find((v) => v.labels.job === "inactive_accounts" && v.labels.outcome === "failed")?.value ?? 0;
}

/** A super-admin to act as, signed in "recently" whatever clock a test uses (the pass leaves them alone). */
async function superAdmin(db: Db, name: string) {
  const p = await testPrincipal(db, name, "all");
  await db
    .update(users)
    .set({ lastSignInAt: new Date("2099-01-01T00:00:00Z") })
    .where(eq(users.id, p.userId));
  return p;
}

function depsAt(db: Db, now: Date, days = 90): InactivityDeps {
  return { db, config: { inactiveAccountDays: days, appUrl: "https://dashboard.test" }, now: () => now };
}

/** A user row as the pass sees it: created and last signed in when the test says (null: never). */
async function seedUser(
  db: Db,
  p: { createdAt: Date; lastSignInAt?: Date | null; userType?: "USER" | "SUPER_ADMIN"; uiLanguage?: "en" | "ar" | null; tag?: string },
) {
  const [u] = await db
    .insert(users)
    .values({
      email: `${p.tag ?? "idle"}-${++seq}-${Math.random().toString(36).slice(2, 6)}@inactive.test`,
      name: `${p.tag ?? "Idle"} ${seq}`,
      userType: p.userType ?? "USER",
      createdAt: p.createdAt,
      lastSignInAt: p.lastSignInAt ?? null,
      uiLanguage: p.uiLanguage ?? null,
    })
    .returning();
  return u!;
}

const statusOf = async (db: Db, id: string) =>
  (await db.select({ status: users.status, reason: users.disabledReason }).from(users).where(eq(users.id, id)))[0]!;
const disableRows = (db: Db, id: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, id), eq(auditLog.action, "user.disable_inactive")));
const mailsTo = (db: Db, to: string, kind: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)));
const noticesAbout = (db: Db, email: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, "inactive_disabled_notice"), like(mailOutbox.subject, `%${email}%`)));

describe("PCI DSS 8.2.6: the INACTIVE_ACCOUNT_DAYS setting", () => {
  const read = (v: string | undefined) => readConfig({ DATA_DIR: "/tmp/unused-test-data", INACTIVE_ACCOUNT_DAYS: v });
  it("defaults to 90 days and takes whole days from 1 to 3650", () => {
    expect(read(undefined).inactiveAccountDays).toBe(90);
    expect(read("1").inactiveAccountDays).toBe(1);
    expect(read("3650").inactiveAccountDays).toBe(3650);
  });
  it.each(["0", "off", "-5", "1.5", "3651"])("refuses %s: the rule has no off switch, and 0 would lock everyone out", (v) => {
    expect(() => read(v)).toThrow(/INACTIVE_ACCOUNT_DAYS: a whole number of days from 1 to 3650/);
  });
  it("more than 90 days is a setting below PCI DSS with a real gateway", () => {
    const base = { appUrl: "https://d.example", mfaRequired: "all", idleMinutes: 15, databaseUrl: "postgres://db/x" };
    expect(nonPciProblems({ ...base, inactiveAccountDays: 90 })).toEqual([]);
    expect(nonPciProblems({ ...base, inactiveAccountDays: 91 })).toEqual([
      expect.stringMatching(/INACTIVE_ACCOUNT_DAYS must be 90 or less/),
    ]);
  });
});

describe("PCI DSS 8.2.6: the daily inactivity worker", () => {
  let handle: InactiveAccountsHandle | null = null;
  afterEach(async () => {
    await handle?.stop();
    handle = null;
    vi.useRealTimers();
  });

  it("runs its first pass ten minutes after start, then once a day, recorded under the job name inactive_accounts", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const fail = () => Promise.reject(new Error("connection refused"));
    const passes = vi.fn(() => NOW);
    const broken = { select: () => ({ from: () => ({ where: () => ({ orderBy: fail }) }) }) } as unknown as Db;
    const logger = createLogger({ sink: () => {} });
    handle = startInactiveAccounts({ ...depsAt(broken, NOW), now: passes }, { logger });
    const failedBefore = await failedPasses();
    await vi.advanceTimersByTimeAsync(9 * MINUTE_MS);
    expect(passes).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(MINUTE_MS + 1_000);
    expect(passes).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(DAY_MS - 2 * MINUTE_MS);
    expect(passes).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2 * MINUTE_MS);
    expect(passes).toHaveBeenCalledTimes(2);
    expect(await failedPasses()).toBe(failedBefore + 2);
  });
});

describe.each(testDatabaseTargets())("PCI DSS 8.2.6: inactive accounts are disabled ($name)", (target) => {
  let database: TestDatabase;
  let admin: Awaited<ReturnType<typeof seedUser>>;
  let adminAr: Awaited<ReturnType<typeof seedUser>>;
  beforeAll(async () => {
    database = await target.open();
    // Two super-admins who signed in "recently" whatever clock a test uses: they receive the notices and stay.
    const far = new Date("2099-01-01T00:00:00Z");
    admin = await seedUser(database.db, { createdAt: NOW, lastSignInAt: far, userType: "SUPER_ADMIN", tag: "admin" });
    adminAr = await seedUser(database.db, { createdAt: NOW, lastSignInAt: far, userType: "SUPER_ADMIN", uiLanguage: "ar", tag: "admin" });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("PCI DSS 8.2.6: an account unused past the limit is disabled, its session ends, audited, mailed to it and to every super-admin", async () => {
    const { db } = database;
    const signedInAt = edge(-MINUTE_MS); // a minute past the 90 days at NOW
    const user = await createUser(
      db,
      { email: `clerk-${++seq}@inactive.test`, name: "Clerk", password: PASSWORD, userType: "USER" },
      { id: null, email: "t" },
    );
    await db
      .update(users)
      .set({ createdAt: ago(DAY_MS, signedInAt), uiLanguage: "ar" })
      .where(eq(users.id, user.id));
    const s = await checkSignIn(db, { email: user.email, password: PASSWORD, ip: "10.0.0.1", userAgent: null }, signedInAt);
    if (!s.ok) throw new Error("sign-in failed");
    const inSession = new Date(signedInAt.getTime() + MINUTE_MS);
    expect((await resolvePrincipal(db, s.claims, limits, inSession)).ok).toBe(true);

    const report = await disableInactiveAccounts(depsAt(db, NOW));
    expect(report.disabled.map((d) => d.userId)).toContain(user.id);
    expect(await statusOf(db, user.id)).toEqual({ status: "disabled", reason: "inactive" });
    // Its session ends: the cookie is refused, and the session row says why.
    expect((await resolvePrincipal(db, s.claims, limits, inSession)).ok).toBe(false);
    const [session] = await db.select().from(sessions).where(eq(sessions.id, s.claims.sid));
    expect(session).toMatchObject({ endedAt: NOW, endReason: "disabled" });
    // Audited once, by the system, with the limit and the last use; the chain still verifies.
    const rows = await disableRows(db, user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: null, targetType: "user", at: NOW });
    expect(rows[0]!.summary).toMatchObject({ email: user.email, days: 90, lastUsedAt: signedInAt.toISOString(), neverSignedIn: false });
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true });
    const entry = {
      action: "user.disable_inactive",
      targetType: "user",
      targetId: user.id,
      summary: rows[0]!.summary as Record<string, unknown>,
    };
    const day = signedInAt.toISOString().slice(0, 10);
    expect(plainText(auditSentence(entry))).toBe(
      `User ${user.email} disabled after 90 days without use (last used ${day}, UTC) and signed out everywhere`,
    );
    expect(plainText(auditSentence(entry, { language: "ar", digits: "latn" }))).toContain("دون استخدام");
    // Mailed: to the user in their language (Arabic), and to each super-admin in theirs.
    const [toUser] = await mailsTo(db, user.email, "inactive_disabled");
    expect(toUser?.subject).toBe("عُطّل حسابك في لوحة تحكم التاجر");
    expect(toUser?.htmlBody).toContain('dir="rtl"');
    const notices = await noticesAbout(db, user.email);
    expect(notices.map((m) => m.toAddress).sort()).toEqual([admin.email, adminAr.email].sort());
    const en = notices.find((m) => m.toAddress === admin.email)!;
    expect(en.subject).toBe(`Account ${user.email} disabled after inactivity`);
    expect(en.textBody).toContain("was not used for 90 days");
    expect(en.textBody).toContain("https://dashboard.test/admin/users");
    expect(notices.find((m) => m.toAddress === adminAr.email)!.textBody).toContain("لم يُستخدم حساب");
    expect(report.mails).toBeGreaterThanOrEqual(3);
    // The users page says why the account is disabled, and since when it was unused.
    const listed = await listUsers({ deps: { db }, principal: await superAdmin(db, "Reader"), ip: null });
    expect(listed.users.find((u) => u.id === user.id)).toMatchObject({ status: "disabled", inactiveSince: signedInAt });
  });

  it("PCI DSS 8.2.6: an account last used a minute inside the limit stays active, one a minute past it does not", async () => {
    const { db } = database;
    const inside = await seedUser(db, { createdAt: ago(400 * DAY_MS), lastSignInAt: edge(MINUTE_MS) });
    const past = await seedUser(db, { createdAt: ago(400 * DAY_MS), lastSignInAt: edge(-MINUTE_MS) });
    await disableInactiveAccounts(depsAt(db, NOW));
    expect(await statusOf(db, inside.id)).toEqual({ status: "active", reason: null });
    expect(await statusOf(db, past.id)).toEqual({ status: "disabled", reason: "inactive" });
    expect(await disableRows(db, inside.id)).toHaveLength(0);
    expect(await mailsTo(db, inside.email, "inactive_disabled")).toHaveLength(0);
  });

  it("PCI DSS 8.2.6: an account that never signed in counts from its creation, or from its latest invitation", async () => {
    const { db } = database;
    const neverPast = await seedUser(db, { createdAt: edge(-MINUTE_MS) });
    const neverInside = await seedUser(db, { createdAt: edge(MINUTE_MS) });
    const reInvited = await seedUser(db, { createdAt: ago(200 * DAY_MS) });
    await db.insert(passwordTokens).values({
      userId: reInvited.id,
      tokenHash: `h-${reInvited.id}`,
      kind: "invite",
      createdAt: ago(10 * DAY_MS),
      expiresAt: ago(9 * DAY_MS),
    });
    // A password reset is not use: someone holding only the mailbox would do just that.
    const resetOnly = await seedUser(db, { createdAt: ago(200 * DAY_MS) });
    await db.insert(passwordTokens).values({
      userId: resetOnly.id,
      tokenHash: `h-${resetOnly.id}`,
      kind: "reset",
      createdAt: ago(DAY_MS),
      expiresAt: NOW,
    });
    await disableInactiveAccounts(depsAt(db, NOW));
    expect(await statusOf(db, neverPast.id)).toMatchObject({ status: "disabled" });
    expect((await disableRows(db, neverPast.id))[0]!.summary).toMatchObject({
      neverSignedIn: true,
      lastUsedAt: neverPast.createdAt.toISOString(),
    });
    expect(await statusOf(db, neverInside.id)).toMatchObject({ status: "active" });
    expect(await statusOf(db, reInvited.id)).toMatchObject({ status: "active" });
    expect(await statusOf(db, resetOnly.id)).toMatchObject({ status: "disabled" });
  });

  it("PCI DSS 8.2.6: a super-admin re-enables such an account the usual way; the next pass leaves it, the count restarts there", async () => {
    const { db } = database;
    const user = await seedUser(db, { createdAt: ago(300 * DAY_MS), lastSignInAt: ago(120 * DAY_MS) });
    await disableInactiveAccounts(depsAt(db, NOW));
    expect(await statusOf(db, user.id)).toMatchObject({ status: "disabled", reason: "inactive" });

    const reEnabledAt = new Date(NOW.getTime() + 3_600_000);
    const reEnabler = await superAdmin(db, "Re-enabler");
    await setUserStatus(
      { deps: { db, now: () => reEnabledAt }, principal: reEnabler, ip: "10.0.0.9" },
      { userId: user.id, status: "active" },
    );
    expect(await statusOf(db, user.id)).toEqual({ status: "active", reason: null });
    const [enableRow] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, "user.enable")));
    expect(enableRow!.summary).toMatchObject({ wasInactive: true });
    expect(
      plainText(
        auditSentence({ action: "user.enable", targetType: "user", targetId: user.id, summary: { email: user.email, wasInactive: true } }),
      ),
    ).toBe(`User ${user.email} enabled again after being disabled for inactivity`);
    const listed = await listUsers({ deps: { db }, principal: reEnabler, ip: null });
    expect(listed.users.find((u) => u.id === user.id)).toMatchObject({ status: "active", inactiveSince: null });

    // The next morning's pass: still unused since long ago by its sign-in, but re-enabled an hour ago.
    const nextDay = new Date(NOW.getTime() + DAY_MS);
    expect((await disableInactiveAccounts(depsAt(db, nextDay))).disabled.map((d) => d.userId)).not.toContain(user.id);
    expect(await statusOf(db, user.id)).toMatchObject({ status: "active" });
    // Still unused 90 days after the re-enable: disabled again (the re-enable is not an exemption).
    await disableInactiveAccounts(depsAt(db, new Date(reEnabledAt.getTime() + 90 * DAY_MS - MINUTE_MS)));
    expect(await statusOf(db, user.id)).toMatchObject({ status: "active" });
    await disableInactiveAccounts(depsAt(db, new Date(reEnabledAt.getTime() + 90 * DAY_MS + MINUTE_MS)));
    expect(await statusOf(db, user.id)).toMatchObject({ status: "disabled", reason: "inactive" });
    expect(await disableRows(db, user.id)).toHaveLength(2);
  });

  it("PCI DSS 8.2.6 vs. lock-out: unused super-admins are disabled, oldest first, but never the last active one", async () => {
    const { db } = database;
    // A world whose only super-admins are the two below: the file's other active ones are set aside meanwhile.
    const aside = await db
      .update(users)
      .set({ status: "disabled" })
      .where(and(eq(users.userType, "SUPER_ADMIN"), eq(users.status, "active")))
      .returning({ id: users.id });
    try {
      const oldest = await seedUser(db, {
        createdAt: ago(900 * DAY_MS),
        lastSignInAt: ago(500 * DAY_MS),
        userType: "SUPER_ADMIN",
        tag: "sa",
      });
      const newer = await seedUser(db, {
        createdAt: ago(900 * DAY_MS),
        lastSignInAt: ago(200 * DAY_MS),
        userType: "SUPER_ADMIN",
        tag: "sa",
      });
      const clerk = await seedUser(db, { createdAt: ago(900 * DAY_MS), lastSignInAt: ago(100 * DAY_MS) });
      const lines: Array<Record<string, unknown>> = [];
      const logger = createLogger({ sink: (l) => lines.push(JSON.parse(l) as Record<string, unknown>) });
      const handle = startInactiveAccounts(depsAt(db, NOW), { logger, firstDelayMs: DAY_MS });
      try {
        const report = await handle.runNow();
        expect(report?.disabled.map((d) => d.userId).sort()).toEqual([oldest.id, clerk.id].sort());
        expect(report?.kept).toEqual([{ userId: newer.id, email: newer.email, lastUsedAt: newer.lastSignInAt }]);
        expect(await statusOf(db, oldest.id)).toMatchObject({ status: "disabled" });
        expect(await statusOf(db, newer.id)).toMatchObject({ status: "active" });
        expect(await disableRows(db, newer.id)).toHaveLength(0);
        // The kept one is told about the others; the operators see the kept one in the log, at warn level.
        expect((await noticesAbout(db, oldest.email)).map((m) => m.toAddress)).toEqual([newer.email]);
        expect(lines.find((l) => l.event === "inactive_accounts.last_super_admin_kept")).toMatchObject({ level: "warn", userId: newer.id });
        // And the next day too: it stays until someone signs in with it.
        const again = await disableInactiveAccounts(depsAt(db, new Date(NOW.getTime() + DAY_MS)));
        expect(again).toMatchObject({ disabled: [], kept: [{ userId: newer.id }] });
        expect(await statusOf(db, newer.id)).toMatchObject({ status: "active" });
        // Once another super-admin is active again, the unused one goes too.
        await db.update(users).set({ status: "active" }).where(eq(users.id, admin.id));
        expect((await disableInactiveAccounts(depsAt(db, NOW))).disabled.map((d) => d.userId)).toEqual([newer.id]);
      } finally {
        await handle.stop();
      }
    } finally {
      for (const { id } of aside) await db.update(users).set({ status: "active" }).where(eq(users.id, id));
    }
  });

  it("PCI DSS 8.2.6: two instances running the pass at once disable each account once, one audit row and one mail per recipient", async () => {
    const { db } = database;
    const idle = await Promise.all(
      Array.from({ length: 6 }, () => seedUser(db, { createdAt: ago(500 * DAY_MS), lastSignInAt: ago(150 * DAY_MS) })),
    );
    const admins = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.userType, "SUPER_ADMIN"), eq(users.status, "active")));
    // Postgres: a second connection pool, as a second app instance has. PGlite belongs to one process: two passes of it.
    const second: Database | null = database.url ? await openDatabase({ url: database.url, dataDir: null, poolSize: 3 }) : null;
    try {
      const [a, b] = await Promise.all([disableInactiveAccounts(depsAt(db, NOW)), disableInactiveAccounts(depsAt(second?.db ?? db, NOW))]);
      const ids = idle.map((u) => u.id);
      const disabled = [...a.disabled, ...b.disabled].map((d) => d.userId).filter((id) => ids.includes(id));
      expect(disabled.sort()).toEqual([...ids].sort());
    } finally {
      await second?.close();
    }
    for (const u of idle) {
      expect(await statusOf(db, u.id)).toMatchObject({ status: "disabled" });
      expect(await disableRows(db, u.id)).toHaveLength(1);
      expect(await mailsTo(db, u.email, "inactive_disabled")).toHaveLength(1);
      expect((await noticesAbout(db, u.email)).map((m) => m.toAddress).sort()).toEqual(admins.map((a) => a.email).sort());
    }
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true });
  });
});

// Rules guarded: a new user is created at the gateway and as a dashboard login with a one-time set-password link
// that works once and expires; the link is mailed to the new user in the same transaction and never returned to
// the creator (threat: the creator opens the account themselves); the link is never stored (only its hash);
// re-sending the invitation voids the earlier link; a user the gateway already has is linked rather than
// refused; nothing is created here when the gateway does not answer; only USERS_MANAGE.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSignIn } from "../../../auth/sign-in";
import { seedLocalRoles } from "../../../auth/users";
import { auditLog, mailOutbox, passwordTokens, users } from "../../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../../tests/support/db.support";
import type { ServiceDeps, ServiceContext } from "../../deps";
import type { Principal } from "../../../auth/principal";
import { codeOf, startTestSandbox, testDeps, testPrincipal } from "../../../../tests/support/services.support";
import { createDashboardUser } from "./create-user";
import { resendInvitation } from "./resend-invitation";
import { setPasswordWithToken } from "./set-password";

const base = { name: "New Person", phoneNumber: "+966501234567", userType: "USER" as const, roleNames: ["finance"], extraPermissions: [] };
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;
const mailsTo = (db: ServiceDeps["db"], to: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, "invitation")))
    .orderBy(desc(mailOutbox.createdAt));
/** The set-password link in the newest invitation mailed to the address (the only place the link exists). */
async function mailedLink(db: ServiceDeps["db"], to: string): Promise<string> {
  const [mail] = await mailsTo(db, to);
  const url = /https?:\/\/\S+\/set-password\?token=[\w-]+/.exec(mail?.textBody ?? "")?.[0];
  if (!url) throw new Error(`no invitation link mailed to ${to}`);
  return url;
}

describe.each(testDatabaseTargets())("creating users on $name", (target) => {
  let database: TestDatabase;
  let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
  let deps: ServiceDeps;
  /** The context of a service call made by `principal` with these deps. */
  const as = (principal: Principal, ip: string | null = null): ServiceContext => ({ deps, principal, ip });
  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox();
    deps = testDeps(database, sandbox.url);
    await seedLocalRoles(database.db);
  });
  afterAll(async () => {
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  it("creates the user at the gateway and here; the mailed one-time link sets the password once; the creator never sees it", async () => {
    const admin = await testPrincipal(database.db, "Admin", "all");
    const created = await createDashboardUser(as(admin), { ...base, email: "New.Person@Example.com" });
    expect(created.email).toBe("new.person@example.com");
    expect(created.invitationSentTo).toBe("new.person@example.com");
    expect(created.linkedExistingGatewayUser).toBe(false);
    const link = await mailedLink(database.db, created.email);
    expect(JSON.stringify(created)).not.toContain(tokenOf(link));
    const token = tokenOf(link);
    const [stored] = await database.db.select().from(passwordTokens).where(eq(passwordTokens.userId, created.id));
    expect(stored!.tokenHash).not.toContain(token);
    const [u] = await database.db.select().from(users).where(eq(users.id, created.id));
    expect(u!.gatewayUserId).toMatch(/[0-9a-f-]{36}/);
    expect(u!.passwordHash).toBeNull();
    await setPasswordWithToken(deps, { token, password: "chosen password 1", confirmPassword: "chosen password 1" }, null);
    expect(
      (await checkSignIn(database.db, { email: created.email, password: "chosen password 1", ip: "10.9.0.1", userAgent: null })).ok,
    ).toBe(true);
    const again = { token, password: "another password 2", confirmPassword: "another password 2" };
    expect(await codeOf(setPasswordWithToken(deps, again, null))).toBe("invalid_request");
  });

  it("the invitation is worded in the language the inviter reads the dashboard in when neither has saved one (rule: a mail in the reader's language, #15)", async () => {
    const admin = await testPrincipal(database.db, "Admin", "all");
    const inArabic: ServiceContext = { ...as(admin), readerPrefs: async () => ({ language: "ar", digits: "latn" }) };
    await createDashboardUser(inArabic, { ...base, email: "reads-arabic@example.com" });
    const [mail] = await mailsTo(database.db, "reads-arabic@example.com");
    expect(mail!.htmlBody).toContain('lang="ar"');
    expect(mail!.subject).toMatch(/[\u0600-\u06FF]/);
    // Without a request (a script): English.
    await createDashboardUser(as(admin), { ...base, email: "reads-nothing@example.com" });
    const [plain] = await mailsTo(database.db, "reads-nothing@example.com");
    expect(plain!.textBody).toContain("Choose your password");
    expect(plain!.subject).not.toMatch(/[\u0600-\u06FF]/);
  });

  it("refuses an expired link", async () => {
    const admin = await testPrincipal(database.db, "Admin", "all");
    await createDashboardUser(as(admin), { ...base, email: "late@example.com" });
    const later = new Date(Date.now() + deps.config.setPasswordLinkMs + 1_000);
    const input = {
      token: tokenOf(await mailedLink(database.db, "late@example.com")),
      password: "chosen password 1",
      confirmPassword: "chosen password 1",
    };
    expect(await codeOf(setPasswordWithToken({ ...deps, now: () => later }, input, null))).toBe("invalid_request");
  });

  it("re-sending the invitation mails a new link and voids the old one; audited; refused once a password is set", async () => {
    const admin = await testPrincipal(database.db, "Admin", "all");
    const created = await createDashboardUser(as(admin), { ...base, email: "again@example.com" });
    const first = await mailedLink(database.db, created.email);
    const resent = await resendInvitation(as(admin, "10.1.2.3"), { userId: created.id });
    expect(resent.invitationSentTo).toBe(created.email);
    expect(JSON.stringify(resent)).not.toContain("token");
    const second = await mailedLink(database.db, created.email);
    expect(second).not.toBe(first);
    expect(await mailsTo(database.db, created.email)).toHaveLength(2);
    const tokens = await database.db.select().from(passwordTokens).where(eq(passwordTokens.userId, created.id));
    expect(tokens.filter((t) => t.voidedAt === null)).toHaveLength(1);
    const pw = { password: "chosen password 1", confirmPassword: "chosen password 1" };
    expect(await codeOf(setPasswordWithToken(deps, { token: tokenOf(first), ...pw }, null))).toBe("invalid_request");
    await setPasswordWithToken(deps, { token: tokenOf(second), ...pw }, null);
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, created.id), eq(auditLog.action, "user.invitation_resend")));
    expect(audits.map((a) => [a.actorId, a.ip])).toEqual([[admin.userId, "10.1.2.3"]]);
    expect(await codeOf(resendInvitation(as(admin), { userId: created.id }))).toBe("conflict");
    const reader = await testPrincipal(database.db, "Reader", ["TRANSACTIONS_VIEW"]);
    expect(await codeOf(resendInvitation(as(reader), { userId: created.id }))).toBe("forbidden");
  });

  it("links a user the gateway already has (an earlier attempt created it there), and refuses a duplicate here", async () => {
    const admin = await testPrincipal(database.db, "Admin", "all");
    await deps.gateway.createUser({
      email: "already@example.com",
      businessUnitId: deps.config.businessUnitId,
      roles: ["finance"],
      userType: "USER",
      phoneNumber: "+966500000000",
    });
    const linked = await createDashboardUser(as(admin), { ...base, email: "already@example.com" });
    expect(linked.linkedExistingGatewayUser).toBe(true);
    expect(await codeOf(createDashboardUser(as(admin), { ...base, email: "already@example.com" }))).toBe("conflict");
  });

  it("refuses unknown roles and a missing phone country code before calling the gateway", async () => {
    const admin = await testPrincipal(database.db, "Admin", "all");
    expect(await codeOf(createDashboardUser(as(admin), { ...base, email: "x1@example.com", roleNames: ["nope"] }))).toBe("invalid_request");
    await expect(createDashboardUser(as(admin), { ...base, email: "x2@example.com", phoneNumber: "0501234567" })).rejects.toThrow(
      /phone\.withCode/, // the schema's message: "Enter the phone number with its country code, …"
    );
  });

  it("creates nothing here when the gateway does not answer", async () => {
    const admin = await testPrincipal(database.db, "Admin", "all");
    const offline = testDeps(database, "http://127.0.0.1:9");
    const created = createDashboardUser({ deps: offline, principal: admin, ip: null }, { ...base, email: "offline@example.com" });
    expect(await codeOf(created)).toBe("gateway_unavailable");
    await offline.gateway.close();
    expect(await database.db.select().from(users).where(eq(users.email, "offline@example.com"))).toEqual([]);
  });

  it("is refused without USERS_MANAGE", async () => {
    const reader = await testPrincipal(database.db, "Reader", ["TRANSACTIONS_VIEW"]);
    expect(await codeOf(createDashboardUser(as(reader), { ...base, email: "nope@example.com" }))).toBe("forbidden");
  });
});

// Integration tests of "forgot your password?" on PGlite and (with TEST_POSTGRES_URL) Postgres. Threats guarded:
// account enumeration (an unknown address gets the same answer and the same first step as a known one; the
// throttle counts both alike); a reset link stored in clear (only its SHA-256 is stored); an old link still
// working after a newer one was sent (earlier reset links are voided); mail to a disabled account; mail flooding
// of one address or from one IP (throttled per e-mail and per IP, also under concurrent requests); and the rule
// that a reset link works with the set-password page, once.
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, mailOutbox, passwordResetRequests, passwordTokens, users } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { setPasswordWithToken } from "../admin/users/set-password";
import type { ServiceDeps } from "../deps";
import { codeOf, testDeps } from "../../../tests/support/services.support";
import { RESET_LIMIT_PER_EMAIL, RESET_LIMIT_PER_IP } from "./password-reset-limit";
import { RESET_LINK_MAX_MS, requestPasswordReset } from "./request-password-reset";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

describe.each(testDatabaseTargets())("password reset requests on $name", (target) => {
  let database: TestDatabase;
  let deps: ServiceDeps;
  let ahead = 0;
  let ipSeq = 0;
  const nextIp = () => `203.0.113.${++ipSeq}`;

  beforeAll(async () => {
    database = await target.open();
    deps = {
      ...testDeps(database, "http://127.0.0.1:9", { APP_URL: "https://dash.merchant.example" }),
      now: () => new Date(Date.now() + ahead),
    };
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
  });

  let userSeq = 0;
  const makeUser = async (status = "active") => {
    const [u] = await database.db
      .insert(users)
      .values({ email: `reset${++userSeq}-${target.name}@example.com`, name: "Rana", userType: "USER", status })
      .returning();
    return u!;
  };
  const mailsTo = (to: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  const resetTokens = (userId: string) =>
    database.db
      .select()
      .from(passwordTokens)
      .where(and(eq(passwordTokens.userId, userId), eq(passwordTokens.kind, "reset")))
      .orderBy(passwordTokens.createdAt);
  const audits = (email: string) =>
    database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "auth.password_reset_requested"), eq(auditLog.actorEmail, email)));
  const tokenOf = (text: string) => /set-password\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
  const newPassword = { password: "a-new-passphrase-2026", confirmPassword: "a-new-passphrase-2026" };

  it("a known address: one reset link (only its hash stored, one hour), one mail to the user, audited; the link sets the password once", async () => {
    const user = await makeUser();
    const issue = await requestPasswordReset(deps, { email: ` ${user.email.toUpperCase()} ` }, nextIp());
    expect(await issue()).toBe("mailed");
    const [mail] = await mailsTo(user.email);
    expect(mail).toMatchObject({ kind: "password_reset", status: "pending", subject: "Reset your merchant dashboard password" });
    const token = tokenOf(mail!.textBody!);
    expect(mail!.textBody).toContain(`https://dash.merchant.example/set-password?token=${token}`);
    const [row] = await resetTokens(user.id);
    expect(row).toMatchObject({ tokenHash: sha256(token), usedAt: null, voidedAt: null, createdBy: null });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(RESET_LINK_MAX_MS + 1000);
    expect((await audits(user.email)).map((a) => [a.targetId, (a.summary as { outcome: string }).outcome])).toEqual([[user.id, "mailed"]]);

    expect(await setPasswordWithToken({ db: database.db, now: () => new Date() }, { token, ...newPassword }, "203.0.113.250")).toEqual({
      email: user.email,
    });
    expect(await codeOf(setPasswordWithToken({ db: database.db, now: () => new Date() }, { token, ...newPassword }, "203.0.113.250"))).toBe(
      "invalid_request",
    );
  });

  it("an unknown address: the same first step (a counted request) and no link, no mail; audited as no_account", async () => {
    const email = `nobody-${target.name}@example.com`;
    const issue = await requestPasswordReset(deps, { email }, nextIp());
    expect(
      await database.db
        .select()
        .from(passwordResetRequests)
        .where(eq(passwordResetRequests.emailHash, sha256(email))),
    ).toHaveLength(1);
    expect(await issue()).toBe("no_account");
    expect(await mailsTo(email)).toHaveLength(0);
    expect((await audits(email)).map((a) => (a.summary as { outcome: string }).outcome)).toEqual(["no_account"]);
    // The stored request holds no address in clear.
    const stored = await database.db.select().from(passwordResetRequests);
    expect(JSON.stringify(stored)).not.toContain(email);
  });

  it("a newer reset link voids the earlier unused one: the old link no longer sets a password, the new one does", async () => {
    const user = await makeUser();
    await (
      await requestPasswordReset(deps, { email: user.email }, nextIp())
    )();
    await (
      await requestPasswordReset(deps, { email: user.email }, nextIp())
    )();
    const mails = (await mailsTo(user.email)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(mails).toHaveLength(2);
    const [first, second] = mails.map((m) => tokenOf(m.textBody!));
    const tokens = await resetTokens(user.id);
    expect(tokens.map((t) => t.voidedAt !== null)).toEqual([true, false]);
    expect(await codeOf(setPasswordWithToken({ db: database.db, now: () => new Date() }, { token: first!, ...newPassword }, null))).toBe(
      "invalid_request",
    );
    expect(await setPasswordWithToken({ db: database.db, now: () => new Date() }, { token: second!, ...newPassword }, null)).toEqual({
      email: user.email,
    });
  });

  it("a disabled account gets no link and no mail", async () => {
    const user = await makeUser("disabled");
    expect(await (await requestPasswordReset(deps, { email: user.email }, nextIp()))()).toBe("disabled");
    expect(await mailsTo(user.email)).toHaveLength(0);
    expect(await resetTokens(user.id)).toHaveLength(0);
  });

  it(`throttled per address (${RESET_LIMIT_PER_EMAIL} an hour), known or not, and per IP (${RESET_LIMIT_PER_IP} an hour); allowed again after the hour`, async () => {
    const user = await makeUser();
    for (const email of [user.email, `ghost-${target.name}@example.com`]) {
      for (let i = 0; i < RESET_LIMIT_PER_EMAIL; i++) expect(await codeOf(requestPasswordReset(deps, { email }, nextIp()))).toBe("ok");
      expect(await codeOf(requestPasswordReset(deps, { email }, nextIp()))).toBe("rate_limited");
    }
    const ip = nextIp();
    for (let i = 0; i < RESET_LIMIT_PER_IP; i++)
      expect(await codeOf(requestPasswordReset(deps, { email: `spray${i}-${target.name}@example.com` }, ip))).toBe("ok");
    expect(await codeOf(requestPasswordReset(deps, { email: `spray-last-${target.name}@example.com` }, ip))).toBe("rate_limited");
    ahead += 3_600_000 + 1_000;
    expect(await codeOf(requestPasswordReset(deps, { email: user.email }, nextIp()))).toBe("ok");
    expect(await codeOf(requestPasswordReset(deps, { email: `spray-last-${target.name}@example.com` }, ip))).toBe("ok");
  });

  it("concurrent requests for one address cannot all slip under the limit (check and record are one step)", async () => {
    const email = `burst-${target.name}@example.com`;
    const codes = await Promise.all(Array.from({ length: 12 }, () => codeOf(requestPasswordReset(deps, { email }, nextIp()))));
    expect(codes.filter((c) => c === "ok")).toHaveLength(RESET_LIMIT_PER_EMAIL);
    expect(codes.filter((c) => c === "rate_limited")).toHaveLength(12 - RESET_LIMIT_PER_EMAIL);
  });

  it("an address that is not an e-mail is refused before anything is recorded", async () => {
    expect(await codeOf(requestPasswordReset(deps, { email: "not-an-email" }, nextIp()))).toBe("invalid_request");
  });
});

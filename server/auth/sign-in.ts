// Checking a sign-in: reserve the attempt first (throttle per account and per IP, atomic in the database), then the
// password, with the same work and the same wording whether or not the account exists. Success opens a session row; both outcomes are
// audited; a sign-in from a browser the user has not used lately queues a new-sign-in alert.
import { eq } from "drizzle-orm";
import { appendAudit, appendAuditNow } from "../audit/audit-log";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import { describeUserAgent } from "@/lib/user-agent";
import { wakeMailWorker } from "../mail/worker";
import { queueNewSignInAlert } from "./new-sign-in-alert";
import { dummyPasswordHash, verifyPassword } from "./password";
import type { SessionClaims } from "./principal";
import { reserveAttempt, settleAttempt, throttleMessage } from "./throttle";
import { normaliseEmail } from "./users";

export const GENERIC_FAILURE = "Incorrect e-mail or password.";

export type SignInResult = { ok: true; claims: SessionClaims; email: string; name: string } | { ok: false; message: string };

export async function checkSignIn(
  db: Db,
  input: { email: string; password: string; ip: string; userAgent: string | null },
  now = new Date(),
): Promise<SignInResult> {
  const email = normaliseEmail(input.email);
  const attempt = { scope: "sign_in" as const, email, ip: input.ip };
  const verdict = await reserveAttempt(
    db,
    attempt,
    { action: "auth.sign_in_throttled", actorEmail: email, ip: input.ip, summary: { email } },
    now,
  );
  if (!verdict.allowed) return { ok: false, message: throttleMessage(verdict.retryAfterMs) };
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !passwordOk || user.status !== "active" || !user.passwordHash) {
    await settleAttempt(db, attempt, verdict.attemptId, false, now);
    await appendAuditNow(db, {
      action: "auth.sign_in_failed",
      actorId: user?.id ?? null,
      actorEmail: email,
      ip: input.ip,
      summary: { email, reason: !user ? "unknown_account" : user.status !== "active" ? "disabled" : "wrong_password" },
    });
    return { ok: false, message: GENERIC_FAILURE };
  }
  let alerted = false;
  const claims = await db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({ userId: user.id, ip: input.ip, userAgent: input.userAgent?.slice(0, 300) ?? null, createdAt: now, lastSeenAt: now })
      .returning();
    await tx.update(users).set({ lastSignInAt: now }).where(eq(users.id, user.id));
    await appendAudit(tx, {
      action: "auth.sign_in",
      actorId: user.id,
      actorEmail: user.email,
      ip: input.ip,
      targetType: "session",
      targetId: session!.id,
      summary: { userAgent: input.userAgent?.slice(0, 120) ?? null },
    });
    // Someone holding the password from a browser the user has not used: they hear of it even if MFA stops it.
    alerted = await queueNewSignInAlert(tx, user, session!, describeUserAgent);
    return { uid: user.id, sid: session!.id, sv: user.sessionVersion };
  });
  if (alerted) wakeMailWorker();
  await settleAttempt(db, attempt, verdict.attemptId, true, now);
  return { ok: true, claims, email: user.email, name: user.name };
}

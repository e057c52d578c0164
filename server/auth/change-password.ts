// A user changes their own password: throttled like sign-in (a wrong current password counts as a failure, 5 lock
// for 30 minutes), the current one must be right, the new one must not be one of the last 4; the new hash, the
// history and the audit row are written together, "must change password" is cleared, every other session of the
// user ends (a stolen cookie stops working with the old password), and the session that changed it continues on a
// new id (rotateSession): the old cookie stops working too, and the answer carries the new one.
import "server-only";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { ChangePasswordInput } from "@/lib/schemas/auth";
import { appendAudit } from "../audit/audit-log";
import { getDatabase } from "../db";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import { AppError } from "../errors";
import { hashPassword, verifyPassword } from "./password";
import { refuseRecentPassword, rememberPassword } from "./password-history";
import { rotateSession, type Principal, type SessionClaims } from "./principal";
import { vmsg } from "@/lib/schemas/messages";
import { reserveAttempt, settleAttempt, throttleMinutes } from "./throttle";

/** Returns the claims of the session's new id (for the new cookie). */
export async function changeOwnPassword(principal: Principal, input: ChangePasswordInput, ip: string): Promise<SessionClaims> {
  const { db } = await getDatabase();
  return changePassword(db, principal, input, ip);
}

export async function changePassword(
  db: Db,
  principal: Principal,
  input: ChangePasswordInput,
  ip: string,
  now = new Date(),
): Promise<SessionClaims> {
  const [user] = await db.select().from(users).where(eq(users.id, principal.userId)).limit(1);
  if (!user) throw new AppError("unauthenticated", "auth.sessionEnded");
  const attempt = { scope: "change_password" as const, email: user.email, ip };
  const verdict = await reserveAttempt(
    db,
    attempt,
    {
      action: "auth.change_password_throttled",
      actorId: user.id,
      actorEmail: user.email,
      ip,
      targetType: "user",
      targetId: user.id,
      summary: {},
    },
    now,
  );
  if (!verdict.allowed) throw new AppError("rate_limited", ["auth.throttledPassword", { minutes: throttleMinutes(verdict.retryAfterMs) }]);
  if (!user.passwordHash || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    await settleAttempt(db, attempt, verdict.attemptId, false, now);
    throw new AppError("invalid_request", "auth.wrongCurrentPassword", { currentPassword: [vmsg("password.wrongCurrent")] });
  }
  await settleAttempt(db, attempt, verdict.attemptId, true, now);
  await refuseRecentPassword(db, user.id, input.newPassword, "newPassword");
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    // The version bump refuses every cookie minted before; the new one is minted with the new version.
    await tx
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: now,
        updatedAt: now,
        mustChangePassword: false,
        sessionVersion: sql`${users.sessionVersion} + 1`,
      })
      .where(eq(users.id, user.id));
    const others = await tx
      .update(sessions)
      .set({ endedAt: now, endReason: "password_change" })
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, principal.sessionId), isNull(sessions.endedAt)))
      .returning({ id: sessions.id });
    // This session ended meanwhile (signed out by another request with the same cookie): nothing is changed, 401.
    const session = await rotateSession(tx, principal, {}, now);
    if (!session) throw new AppError("unauthenticated", "auth.sessionEnded");
    await rememberPassword(tx, user.id, passwordHash, now);
    await appendAudit(tx, {
      action: "user.password_change",
      actorId: user.id,
      actorEmail: user.email,
      ip,
      targetType: "user",
      targetId: user.id,
      summary: { otherSessionsEnded: others.length },
    });
    return session;
  });
}

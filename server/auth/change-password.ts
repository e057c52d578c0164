// A user changes their own password: throttled like sign-in (a wrong current password counts as a failure, 5 lock
// for 30 minutes), the current one must be right, the new one must not be one of the last 4; the new hash, the
// history and the audit row are written together, "must change password" is cleared, and every session of the
// user ends (a stolen cookie stops working with the old password).
import "server-only";
import { eq } from "drizzle-orm";
import type { ChangePasswordInput } from "@/lib/schemas/auth";
import { appendAudit } from "../audit/audit-log";
import { getDatabase } from "../db";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { AppError } from "../errors";
import { hashPassword, verifyPassword } from "./password";
import { refuseRecentPassword, rememberPassword } from "./password-history";
import { endAllSessions, type Principal } from "./principal";
import { vmsg } from "@/lib/schemas/messages";
import { reserveAttempt, settleAttempt, throttleMinutes } from "./throttle";

export async function changeOwnPassword(principal: Principal, input: ChangePasswordInput, ip: string): Promise<void> {
  const { db } = await getDatabase();
  await changePassword(db, principal, input, ip);
}

export async function changePassword(
  db: Db,
  principal: Principal,
  input: ChangePasswordInput,
  ip: string,
  now = new Date(),
): Promise<void> {
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
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now, mustChangePassword: false })
      .where(eq(users.id, user.id));
    await rememberPassword(tx, user.id, passwordHash, now);
    await appendAudit(tx, {
      action: "user.password_change",
      actorId: user.id,
      actorEmail: user.email,
      ip,
      targetType: "user",
      targetId: user.id,
    });
  });
  await endAllSessions(db, user.id, "password_change");
}

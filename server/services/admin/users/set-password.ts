// A new user follows their one-time link and chooses a password. The link works once, until it expires; using
// it ends any session the user might have, and is audited. Guessing links is throttled per IP (5 wrong links in 15
// minutes lock the IP for 30), and the token is checked before the new password is hashed: a wrong link costs no
// scrypt. The new password may not be one of the account's last 4.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { SetPasswordInput } from "@/lib/schemas/admin-users";
import { appendAudit } from "../../../audit/audit-log";
import { hashPassword } from "../../../auth/password";
import { refuseRecentPassword, rememberPassword } from "../../../auth/password-history";
import { reserveAttempt, settleAttempt, throttleMinutes } from "../../../auth/throttle";
import { passwordTokens, users } from "../../../db/schema";
import { AppError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import { hashToken } from "./create-user";

const INVALID_LINK = "auth.invalidLink";

function liveToken(tokenHash: string, now: Date) {
  // A re-sent invitation or a newer reset link voids the earlier ones.
  return and(
    eq(passwordTokens.tokenHash, tokenHash),
    isNull(passwordTokens.usedAt),
    isNull(passwordTokens.voidedAt),
    gt(passwordTokens.expiresAt, now),
  );
}

export async function setPasswordWithToken(
  deps: Pick<ServiceDeps, "db" | "now">,
  input: SetPasswordInput,
  ip: string | null,
): Promise<{ email: string }> {
  const { db } = deps;
  const now = deps.now();
  const attempt = { scope: "set_password" as const, email: "", ip: ip ?? "unknown", ipOnly: true };
  const verdict = await reserveAttempt(db, attempt, { action: "auth.set_password_throttled", ip, summary: {} }, now);
  if (!verdict.allowed) {
    throw new AppError("rate_limited", ["auth.throttledLinks", { minutes: throttleMinutes(verdict.retryAfterMs) }]);
  }
  const tokenHash = hashToken(input.token);
  // The token first, without hashing anything: a wrong or stale link is refused at the cost of one indexed read.
  const [candidate] = await db.select({ userId: passwordTokens.userId }).from(passwordTokens).where(liveToken(tokenHash, now)).limit(1);
  await settleAttempt(db, attempt, verdict.attemptId, Boolean(candidate), now);
  if (!candidate) throw new AppError("invalid_request", INVALID_LINK);
  await refuseRecentPassword(db, candidate.userId, input.password, "password");
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [token] = await tx.select().from(passwordTokens).where(liveToken(tokenHash, now)).for("update").limit(1);
    if (!token) throw new AppError("invalid_request", INVALID_LINK);
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: now,
        updatedAt: now,
        mustChangePassword: false,
        sessionVersion: sql`${users.sessionVersion} + 1`,
      })
      .where(and(eq(users.id, token.userId), eq(users.status, "active")))
      .returning();
    if (!user) throw new AppError("invalid_request", "auth.accountDisabledAskAdmin");
    await tx.update(passwordTokens).set({ usedAt: now }).where(eq(passwordTokens.id, token.id));
    await rememberPassword(tx, user.id, passwordHash, now);
    await appendAudit(tx, {
      action: "user.password_set",
      actorId: user.id,
      actorEmail: user.email,
      ip,
      targetType: "user",
      targetId: user.id,
    });
    return { email: user.email };
  });
}

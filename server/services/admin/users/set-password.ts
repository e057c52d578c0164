// A new user follows their one-time link and chooses a password. The link works once, until it expires; using
// it ends any session the user might have, and is audited.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { SetPasswordInput } from "@/lib/schemas/admin-users";
import { appendAudit } from "../../../audit/audit-log";
import { hashPassword } from "../../../auth/password";
import type { Db } from "../../../db/client";
import { passwordTokens, users } from "../../../db/schema";
import { AppError } from "../../../http/errors";
import { hashToken } from "./create-user";

export async function setPasswordWithToken(db: Db, input: SetPasswordInput, ip: string | null, now = new Date()): Promise<{ email: string }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [token] = await tx
      .select()
      .from(passwordTokens)
      .where(and(eq(passwordTokens.tokenHash, hashToken(input.token)), isNull(passwordTokens.usedAt), isNull(passwordTokens.voidedAt), gt(passwordTokens.expiresAt, now)))
      .for("update")
      .limit(1);
    if (!token) throw new AppError("invalid_request", "This link is not valid any more. Ask for a new one: “Forgot your password?” on the sign-in page, or your administrator.");
    const [user] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(and(eq(users.id, token.userId), eq(users.status, "active")))
      .returning();
    if (!user) throw new AppError("invalid_request", "This account is disabled. Ask an administrator.");
    await tx.update(passwordTokens).set({ usedAt: now }).where(eq(passwordTokens.id, token.id));
    await appendAudit(tx, { action: "user.password_set", actorId: user.id, actorEmail: user.email, ip, targetType: "user", targetId: user.id });
    return { email: user.email };
  });
}

// A user changes their own password: the current one must be right; the new hash and the audit row are written
// together, and every session of the user ends (a stolen cookie stops working with the old password).
import "server-only";
import { eq } from "drizzle-orm";
import type { ChangePasswordInput } from "@/lib/schemas/auth";
import { appendAudit } from "../audit/audit-log";
import { getDatabase } from "../db";
import { users } from "../db/schema";
import { AppError } from "../http/errors";
import { hashPassword, verifyPassword } from "./password";
import { endAllSessions, type Principal } from "./principal";

export async function changeOwnPassword(principal: Principal, input: ChangePasswordInput, ip: string): Promise<void> {
  const { db } = await getDatabase();
  const [user] = await db.select().from(users).where(eq(users.id, principal.userId)).limit(1);
  if (!user?.passwordHash || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new AppError("invalid_request", "The current password is not right.", { currentPassword: ["The current password is not right."] });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now, mustChangePassword: false }).where(eq(users.id, user.id));
    await appendAudit(tx, { action: "user.password_change", actorId: user.id, actorEmail: user.email, ip, targetType: "user", targetId: user.id });
  });
  await endAllSessions(db, user.id, "password_change");
}

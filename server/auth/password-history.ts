// The last passwords of each user, as scrypt hashes (PCI DSS 4.0.1 8.3.7: a new password is not one of the last
// 4). Every place that sets a password asks `isRecentPassword` before hashing and calls `rememberPassword` in the
// same transaction as the new hash; only the last PASSWORD_HISTORY_DEPTH hashes are kept.
import { and, desc, eq, notInArray } from "drizzle-orm";
import { PASSWORD_HISTORY_DEPTH } from "@/lib/schemas/auth-values";
import type { Db, Tx } from "../db/client";
import { passwordHistory, users } from "../db/schema";
import { AppError } from "../errors";
import { verifyPassword } from "./password";
import { vmsg } from "@/lib/schemas/messages";

export const RECENT_PASSWORD_MESSAGE = `Choose a password you have not used for your last ${PASSWORD_HISTORY_DEPTH} passwords.`;

/** Whether `password` is the current one or one of the last 4 (the history, plus the current hash for accounts older than it). */
export async function isRecentPassword(db: Db | Tx, userId: string, password: string): Promise<boolean> {
  const rows = await db
    .select({ hash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.setAt), desc(passwordHistory.id))
    .limit(PASSWORD_HISTORY_DEPTH);
  const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  const hashes = new Set([...rows.map((r) => r.hash), ...(user?.hash ? [user.hash] : [])]);
  // Side by side on libuv's thread pool (each check is a deliberate ~0.1 s of scrypt): a change of password waits
  // for one check's time, not five; and every hash is checked, whichever one matches.
  const matches = await Promise.all([...hashes].map((hash) => verifyPassword(password, hash)));
  return matches.some(Boolean);
}

/** Throws the form's field error when the password was used recently. */
export async function refuseRecentPassword(db: Db | Tx, userId: string, password: string, field: string): Promise<void> {
  if (await isRecentPassword(db, userId, password))
    throw new AppError("invalid_request", ["auth.recentPassword", { depth: PASSWORD_HISTORY_DEPTH }], {
      [field]: [vmsg("password.recent", { depth: PASSWORD_HISTORY_DEPTH })],
    });
}

/** Records a newly set hash and forgets all but the last 4. */
export async function rememberPassword(tx: Tx | Db, userId: string, passwordHash: string, now = new Date()): Promise<void> {
  await tx.insert(passwordHistory).values({ userId, passwordHash, setAt: now });
  const keep = await tx
    .select({ id: passwordHistory.id })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.setAt), desc(passwordHistory.id))
    .limit(PASSWORD_HISTORY_DEPTH);
  await tx.delete(passwordHistory).where(
    and(
      eq(passwordHistory.userId, userId),
      notInArray(
        passwordHistory.id,
        keep.map((k) => k.id),
      ),
    ),
  );
}

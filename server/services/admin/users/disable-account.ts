// Disabling and re-enabling an account, the one way for everyone who does it: a person in the users page
// (set-user-status.ts) and the daily inactivity pass (inactive-accounts.ts). Disabling ends every session of the
// user at once (every session row ends, so every cookie is refused on its next request) and keeps why and
// when; enabling again clears that and notes when, so that the inactivity pass counts from the re-enable and does
// not disable the account again the next morning. Both run inside the caller's transaction, with its audit row.
import { and, eq, ne, sql } from "drizzle-orm";
import { endAllSessions } from "../../../auth/principal";
import type { Tx } from "../../../db/client";
import { users, type UserRow } from "../../../db/schema";

/** Why an account is disabled (users.disabled_reason). */
export type DisabledReason = "admin" | "inactive";

/** pg_advisory_xact_lock key that serialises every disable of a super-admin (two admins disabling each other). */
const SUPER_ADMIN_DISABLE_LOCK = 727274002;

/**
 * Whether an active super-admin other than `userId` remains, asked under the lock every disable of a super-admin
 * takes (held until the caller's transaction ends): disabling `userId` then never leaves nobody to administer.
 */
export async function anotherActiveSuperAdmin(tx: Tx, userId: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SUPER_ADMIN_DISABLE_LOCK})`);
  const [{ n } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.userType, "SUPER_ADMIN"), eq(users.status, "active"), ne(users.id, userId)));
  return n > 0;
}

export async function disableAccount(tx: Tx, userId: string, reason: DisabledReason, now: Date): Promise<UserRow> {
  await endAllSessions(tx, userId, "disabled", now);
  const [updated] = await tx
    .update(users)
    .set({ status: "disabled", disabledReason: reason, disabledAt: now, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return updated!;
}

export async function enableAccount(tx: Tx, userId: string, now: Date): Promise<UserRow> {
  const [updated] = await tx
    .update(users)
    .set({ status: "active", disabledReason: null, disabledAt: null, reenabledAt: now, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return updated!;
}

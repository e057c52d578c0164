// Test support for the roles services: a user holding given roles with a live session, and the principal the
// dashboard would resolve for them on their next request (server/auth/principal.ts).
import { eq } from "drizzle-orm";
import { resolvePrincipal, type Principal } from "../../server/auth/principal";
import type { Db } from "../../server/db/client";
import { roles, sessions, userRoles, users } from "../../server/db/schema";

const LIMITS = { idleMs: 3_600_000, maxAgeMs: 86_400_000, mfaRequired: "none" as const };

/** A USER holding the roles (by our id), signed in; `next()` resolves their principal as a new request would. */
export async function userHoldingRoles(db: Db, roleIds: string[]) {
  const [u] = await db
    .insert(users)
    .values({ email: `holder-${Math.random().toString(36).slice(2, 10)}@test.example`, name: "Role Holder", userType: "USER" })
    .returning();
  if (roleIds.length) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId: u!.id, roleId })));
  const [s] = await db.insert(sessions).values({ userId: u!.id }).returning();
  return {
    userId: u!.id,
    async next(): Promise<Principal> {
      const r = await resolvePrincipal(db, { uid: u!.id, sid: s!.id, sv: u!.sessionVersion }, LIMITS);
      if (!r.ok) throw new Error(`principal not resolved: ${r.reason}`);
      return r.principal;
    },
  };
}

export async function roleRowByName(db: Db, name: string) {
  const [row] = await db.select().from(roles).where(eq(roles.name, name));
  return row ?? null;
}

export const uniqueName = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}`;

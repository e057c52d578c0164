// Who may do something: the active users holding a permission (super-admins hold them all; others through a role
// or a permission granted to them directly), as principal.ts's permissionsOf counts it for one user. Used to tell
// the people who can act (a refund waiting for a second person), never to grant anything.
import { and, eq, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { roles, userRoles, users } from "../db/schema";
import type { Permission } from "@/lib/permissions";

export interface PermissionHolder {
  id: string;
  email: string;
  name: string;
  uiLanguage: string | null;
  uiDigits: string | null;
}

export async function activeHoldersOf(db: Db | Tx, permission: Permission): Promise<PermissionHolder[]> {
  const viaRole = sql`exists (select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
    where ${userRoles.userId} = ${users.id} and ${permission} = any(${roles.permissions}))`;
  return db
    .select({ id: users.id, email: users.email, name: users.name, uiLanguage: users.uiLanguage, uiDigits: users.uiDigits })
    .from(users)
    .where(
      and(eq(users.status, "active"), or(eq(users.userType, "SUPER_ADMIN"), sql`${permission} = any(${users.extraPermissions})`, viaRole)),
    )
    .orderBy(users.email);
}

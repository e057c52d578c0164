// The dashboard's users with their roles, type, state and last sign-in (USERS_MANAGE), and the roles to assign
// (with their permissions, so the page offers only the roles the viewer may hand out, and a one-line summary of
// what each allows).
import { asc, eq } from "drizzle-orm";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { roles, userRoles, users } from "../../../db/schema";
import { requirePermission } from "../../require-permission";
import { describeRole } from "../roles/describe-role";
import { lastUse } from "./inactive-accounts";
import type { UiPrefs } from "@/lib/i18n/languages";

export interface UserListItem {
  id: string;
  email: string;
  name: string;
  userType: string;
  status: string;
  /** Has not chosen a password yet (the invitation can be re-sent). */
  invitationPending: boolean;
  extraPermissions: string[];
  lastSignInAt: Date | null;
  createdAt: Date;
  /** Disabled by the inactivity pass (PCI DSS 8.2.6): the account's last use, which the page shows; else null. */
  inactiveSince: Date | null;
  roles: Array<{ id: string; name: string }>;
}

export async function listUsers(
  ctx: ServiceContext<Pick<ServiceDeps, "db">>,
  /** The reader's language for the roles' one-line summaries (English when not given). */
  prefs?: Pick<UiPrefs, "language" | "digits">,
): Promise<{ users: UserListItem[]; roles: Array<{ id: string; name: string; permissions: string[]; summary: string }> }> {
  const {
    deps: { db },
    principal,
  } = ctx;
  requirePermission(principal, "USERS_MANAGE");
  const [rows, links, allRoles] = await Promise.all([
    db.select({ u: users, lastUsedAt: lastUse }).from(users).orderBy(asc(users.email)),
    db
      .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId)),
    db
      .select({ id: roles.id, name: roles.name, description: roles.description, permissions: roles.permissions })
      .from(roles)
      .orderBy(asc(roles.name)),
  ]);
  return {
    users: rows.map(({ u, lastUsedAt }) => ({
      id: u.id,
      email: u.email,
      name: u.name,
      userType: u.userType,
      status: u.status,
      invitationPending: u.passwordHash === null,
      extraPermissions: u.extraPermissions,
      lastSignInAt: u.lastSignInAt,
      createdAt: u.createdAt,
      inactiveSince: u.status === "disabled" && u.disabledReason === "inactive" ? lastUsedAt : null,
      roles: links.filter((l) => l.userId === u.id).map(({ id, name }) => ({ id, name })),
    })),
    // What each role allows, in one line (its description, else a phrase from its permissions).
    roles: allRoles.map(({ description, ...r }) => ({ ...r, summary: describeRole({ description, permissions: r.permissions }, prefs) })),
  };
}

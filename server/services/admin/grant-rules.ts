// The admin plane's escalation rules (issue #11, "nobody can raise their own power"), shared by the users and
// roles services: only a super-admin makes or changes a super-admin or grants extra permissions; nobody changes
// their own roles, type or status; a user grants only permissions they hold. A refusal is 403 "forbidden" with a
// message saying why, and is audited as `authz.denied` in a transaction of its own, so that the rollback of the
// refused change does not take its audit row with it.
import { and, eq, inArray } from "drizzle-orm";
import { PERMISSIONS, toPermission, type Permission } from "@/lib/permissions";
import type { Principal } from "../../auth/principal";
import { appendAuditNow } from "../../audit/audit-log";
import type { Db, Tx } from "../../db/client";
import { roles, userRoles } from "../../db/schema";
import { AppError, type ErrorMessage } from "../../errors";

/** What was attempted, as the `authz.denied` audit row records it. */
export interface Attempt {
  /** The action that was refused, e.g. `user.create`, `user.roles_change`, `role.update`. */
  action: string;
  targetType: "user" | "role";
  targetId?: string | null;
  detail?: Record<string, unknown>;
}

/** A refusal by one of the rules: "forbidden", carrying what was attempted for its audit row. */
export class GrantRefused extends AppError {
  constructor(
    message: ErrorMessage,
    readonly attempt: Attempt,
  ) {
    super("forbidden", message);
  }
}

/** The refusals' messages (keys of the errors namespace). */
export const MESSAGES = {
  grantSuperAdmin: "grants.grantSuperAdmin",
  grantExtra: "grants.grantExtra",
  changeSuperAdmin: "grants.changeSuperAdmin",
  ownRoles: "grants.ownRoles",
  ownStatus: "grants.ownStatus",
  ownRole: "grants.ownRole",
  notHeld: (names: readonly string[]): ErrorMessage => ["grants.notHeld", { names: names.join(", ") }],
  reEnable: (names: readonly string[]): ErrorMessage => ["grants.reEnable", { names: names.join(", ") }],
} as const satisfies Record<string, ErrorMessage | ((names: readonly string[]) => ErrorMessage)>;

export const isSuperAdmin = (actor: Principal) => actor.userType === "SUPER_ADMIN";

/** The names (upper-cased, each once) that the actor does not hold; none for a super-admin. */
export function notHeldBy(actor: Principal, names: readonly string[]): string[] {
  if (isSuperAdmin(actor)) return [];
  const out = new Set<string>();
  for (const name of names) {
    const p = toPermission(name);
    if (!p || !actor.permissions.has(p)) out.add(name.trim().toUpperCase());
  }
  return [...out];
}

/** Refuse unless the actor holds every permission named (a super-admin holds all). */
export function requireHeld(actor: Principal, names: readonly string[], attempt: Attempt): void {
  const missing = notHeldBy(actor, names);
  if (missing.length) throw new GrantRefused(MESSAGES.notHeld(missing), { ...attempt, detail: { ...attempt.detail, notHeld: missing } });
}

export function requireSuperAdminTo(actor: Principal, message: ErrorMessage, attempt: Attempt): void {
  if (!isSuperAdmin(actor)) throw new GrantRefused(message, attempt);
}

export function requireNotSelf(actor: Principal, targetUserId: string, message: ErrorMessage, attempt: Attempt): void {
  if (actor.userId === targetUserId) throw new GrantRefused(message, attempt);
}

/** What the actor may grant, for the pages to offer only that ("all" for a super-admin). */
export function grantableBy(actor: Principal): Permission[] | "all" {
  return isSuperAdmin(actor) ? "all" : PERMISSIONS.filter((p) => actor.permissions.has(p));
}

/** Whether the user holds the role (then only a super-admin may edit it). */
export async function holdsRole(db: Db, userId: string, roleId: string): Promise<boolean> {
  const [row] = await db
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, roleId)))
    .limit(1);
  return !!row;
}

/** The permissions the roles grant together (the vocabulary names the mirror keeps). */
export async function permissionsOfRoles(tx: Tx | Db, roleIds: readonly string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await tx
    .select({ permissions: roles.permissions })
    .from(roles)
    .where(inArray(roles.id, [...roleIds]));
  return [...new Set(rows.flatMap((r) => r.permissions))];
}

/** The permissions a (non-super-admin) user holds now: their roles' and their extra permissions. */
export async function permissionsOfUser(tx: Tx | Db, userId: string, extra: readonly string[]): Promise<string[]> {
  const held = await tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  return [
    ...new Set([
      ...(await permissionsOfRoles(
        tx,
        held.map((h) => h.roleId),
      )),
      ...extra,
    ]),
  ];
}

/**
 * Run a service body; when one of the rules refuses, write the `authz.denied` audit row (in its own transaction:
 * the refused change's is rolled back) and rethrow the 403.
 */
export async function auditingRefusals<T>(db: Db, actor: Principal, ip: string | null, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (e) {
    if (e instanceof GrantRefused) {
      await appendAuditNow(db, {
        actorId: actor.userId,
        actorEmail: actor.email,
        ip,
        action: "authz.denied",
        targetType: e.attempt.targetType,
        targetId: e.attempt.targetId ?? null,
        summary: { attempted: e.attempt.action, reason: e.userMessage, ...e.attempt.detail },
      });
    }
    throw e;
  }
}

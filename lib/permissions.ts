// The one permission vocabulary: `<MODULE>_<ACTION>` names, the form the gateway's roles use (contract 2.10).
// Browser-safe: navigation and disabled-with-reason UI read it; route handlers and services enforce it.

export const PERMISSIONS = [
  "TRANSACTIONS_VIEW",
  "TRANSACTIONS_EXPORT",
  "PAYMENTS_CREATE",
  "CAPTURES_CREATE",
  "VOIDS_CREATE",
  "REFUNDS_CREATE",
  "REFUNDS_APPROVE",
  "RECURRING_CHARGE",
  "SAVED_CARDS_VIEW",
  "ROLES_MANAGE",
  "USERS_MANAGE",
  "BRANCHES_VIEW",
  "PARTNERS_DELETE",
  "AUDIT_VIEW",
  "REPORTS_VIEW",
  "REPORTS_APPROVE",
  "RECONCILIATION_MANAGE",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

type Action = "VIEW" | "EXPORT" | "CREATE" | "APPROVE" | "CHARGE" | "MANAGE" | "DELETE";
/** The modules of the vocabulary (`SAVED_CARDS` of `SAVED_CARDS_VIEW`): the keys of their labels in the roles catalog. */
export type PermissionModule = Permission extends infer P ? (P extends `${infer M}_${Action}` ? M : never) : never;

const PERMISSION_SET: ReadonlySet<string> = new Set(PERMISSIONS);

export function isPermission(value: string): value is Permission {
  return PERMISSION_SET.has(value);
}

/** Normalise a gateway or user-supplied name (`refunds_create`) to the vocabulary, or null if unknown. */
export function toPermission(value: string): Permission | null {
  const upper = value.trim().toUpperCase();
  return isPermission(upper) ? upper : null;
}

/** Module of a permission name: `REFUNDS_CREATE` → `REFUNDS`. */
export function moduleOf(permission: Permission): string {
  return permission.slice(0, permission.lastIndexOf("_"));
}

/** Permissions grouped by module, in vocabulary order (for pickers). */
export function permissionsByModule(): Array<{ module: string; permissions: Permission[] }> {
  const groups = new Map<string, Permission[]>();
  for (const p of PERMISSIONS) {
    const m = moduleOf(p);
    groups.set(m, [...(groups.get(m) ?? []), p]);
  }
  return [...groups].map(([module, permissions]) => ({ module, permissions }));
}

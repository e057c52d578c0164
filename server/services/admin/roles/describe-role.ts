// What a role allows, in one line for people choosing roles (the new-user dialog): the role's own description when
// it has one, else a phrase built from its permissions ("Refunds, refund approvals and exports"). Pure, so the
// page computes it on the server and the dialog only renders text.
import "server-only";
import { toPermission, type Permission } from "@/lib/permissions";

/** Each permission as a noun phrase, in the order a sentence reads best (money first, administration last). */
const PHRASES: Record<Permission, string> = {
  PAYMENTS_CREATE: "new payments",
  CAPTURES_CREATE: "captures",
  VOIDS_CREATE: "voids",
  REFUNDS_CREATE: "refunds",
  REFUNDS_APPROVE: "refund approvals",
  RECURRING_CHARGE: "recurring charges",
  TRANSACTIONS_VIEW: "viewing payments",
  TRANSACTIONS_EXPORT: "exports",
  REPORTS_VIEW: "reports",
  SAVED_CARDS_VIEW: "saved cards",
  BRANCHES_VIEW: "branches",
  USERS_MANAGE: "managing users",
  ROLES_MANAGE: "managing roles",
  PARTNERS_DELETE: "deleting partners",
  AUDIT_VIEW: "the audit log",
};
const ORDER = Object.keys(PHRASES) as Permission[];
/** More than this many phrases read as a list nobody finishes: the rest are counted. */
const MAX_PHRASES = 4;

function joinPhrases(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** "Refunds, refund approvals and exports"; "Everything in the dashboard"; "No permissions". */
export function describePermissions(permissions: readonly string[]): string {
  const known = new Set<Permission>();
  let others = 0;
  for (const p of permissions) {
    const k = toPermission(p);
    if (k) known.add(k);
    else others++;
  }
  if (known.size === ORDER.length) return "Everything in the dashboard";
  const parts = ORDER.filter((p) => known.has(p)).map((p) => PHRASES[p]);
  if (parts.length > MAX_PHRASES) parts.splice(MAX_PHRASES - 1, parts.length, `${parts.length - (MAX_PHRASES - 1)} more`);
  if (others > 0) parts.push(others === 1 ? "1 gateway-only permission" : `${others} gateway-only permissions`);
  if (parts.length === 0) return "No permissions";
  const text = joinPhrases(parts);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The line shown under a role's name: its description if it has one, else what its permissions allow. */
export function describeRole(role: { description: string | null; permissions: readonly string[] }): string {
  const own = role.description?.trim();
  return own ? own : describePermissions(role.permissions);
}

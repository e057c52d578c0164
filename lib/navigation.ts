// The dashboard's areas, in sidebar order, with the permission each needs to open. Pages enforce the same
// permission on the server; the sidebar only hides what the user may not open.
import type { Permission } from "./permissions";

export interface NavItem {
  href: string;
  label: string;
  /** null: every signed-in user. */
  permission: Permission | null;
  group: "main" | "admin";
}

export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/overview", label: "Overview", permission: null, group: "main" },
  { href: "/transactions", label: "Transactions", permission: "TRANSACTIONS_VIEW", group: "main" },
  { href: "/payments/new", label: "Payments", permission: "PAYMENTS_CREATE", group: "main" },
  { href: "/captures", label: "Captures", permission: "CAPTURES_CREATE", group: "main" },
  { href: "/refunds", label: "Refunds", permission: "REFUNDS_CREATE", group: "main" },
  { href: "/recurring", label: "Recurring", permission: "RECURRING_CHARGE", group: "main" },
  { href: "/saved-cards", label: "Saved cards", permission: "SAVED_CARDS_VIEW", group: "main" },
  { href: "/admin/roles", label: "Roles", permission: "ROLES_MANAGE", group: "admin" },
  { href: "/admin/users", label: "Users", permission: "USERS_MANAGE", group: "admin" },
  { href: "/admin/branches", label: "Branches", permission: "BRANCHES_VIEW", group: "admin" },
  { href: "/admin/partners", label: "Partners", permission: "PARTNERS_DELETE", group: "admin" },
  { href: "/admin/audit", label: "Audit log", permission: "AUDIT_VIEW", group: "admin" },
];

export function visibleNav(granted: ReadonlySet<Permission>): NavItem[] {
  return NAV_ITEMS.filter((i) => i.permission === null || granted.has(i.permission));
}

// The dashboard's areas, in sidebar order, with the permission each needs to open. Pages enforce the same
// permission on the server; the sidebar only hides what the user may not open.
import type { Permission } from "./permissions";

export interface NavItem {
  href: string;
  label: string;
  /** null: every signed-in user; a list: any one of them opens the area. */
  permission: Permission | readonly Permission[] | null;
  group: "main" | "admin";
  /** False until the area's pages exist; the navigation never links to a page that is not there. */
  ready: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/overview", label: "Overview", permission: null, group: "main", ready: true },
  { href: "/transactions", label: "Transactions", permission: "TRANSACTIONS_VIEW", group: "main", ready: true },
  { href: "/payments/new", label: "Payments", permission: "PAYMENTS_CREATE", group: "main", ready: true },
  { href: "/captures", label: "Captures", permission: "CAPTURES_CREATE", group: "main", ready: true },
  // Refunds: those who ask for refunds and those who approve them (an approver may do nothing else).
  { href: "/refunds", label: "Refunds", permission: ["REFUNDS_CREATE", "REFUNDS_APPROVE"], group: "main", ready: true },
  { href: "/recurring", label: "Recurring", permission: "RECURRING_CHARGE", group: "main", ready: true },
  { href: "/recurring/plans", label: "Billing plans", permission: "RECURRING_CHARGE", group: "main", ready: true },
  { href: "/saved-cards", label: "Saved cards", permission: "SAVED_CARDS_VIEW", group: "main", ready: true },
  // Customers are the ledger's payers grouped by e-mail: whoever may read the transactions may read who paid them.
  { href: "/customers", label: "Customers", permission: "TRANSACTIONS_VIEW", group: "main", ready: true },
  // Finance figures and closing reports (ready once the Reports page exists).
  { href: "/reports", label: "Reports", permission: "REPORTS_VIEW", group: "main", ready: true },
  { href: "/admin/roles", label: "Roles", permission: "ROLES_MANAGE", group: "admin", ready: true },
  { href: "/admin/users", label: "Users", permission: "USERS_MANAGE", group: "admin", ready: true },
  { href: "/admin/branches", label: "Branches", permission: "BRANCHES_VIEW", group: "admin", ready: true },
  { href: "/admin/partners", label: "Partners", permission: "PARTNERS_DELETE", group: "admin", ready: true },
  { href: "/admin/audit", label: "Audit log", permission: "AUDIT_VIEW", group: "admin", ready: true },
];

export function visibleNav(granted: ReadonlySet<Permission>): NavItem[] {
  return NAV_ITEMS.filter((i) => i.ready && mayOpen(i.permission, granted));
}

function mayOpen(needed: NavItem["permission"], granted: ReadonlySet<Permission>): boolean {
  if (needed === null) return true;
  return typeof needed === "string" ? granted.has(needed) : needed.some((p) => granted.has(p));
}

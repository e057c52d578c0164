// The dashboard's areas, in sidebar order, with the permission each needs to open. Pages enforce the same
// permission on the server; the sidebar only hides what the user may not open.
import type { Permission } from "./permissions";

/** The entries' ids: their labels are in the catalog (messages/<language>/shell.json, `nav.<id>`). */
export type NavId =
  | "overview"
  | "transactions"
  | "payments"
  | "captures"
  | "refunds"
  | "recurring"
  | "billingPlans"
  | "savedCards"
  | "customers"
  | "reports"
  | "roles"
  | "users"
  | "branches"
  | "partners"
  | "audit";

export interface NavItem {
  href: string;
  id: NavId;
  /** null: every signed-in user; a list: any one of them opens the area. */
  permission: Permission | readonly Permission[] | null;
  group: "main" | "admin";
  /** False until the area's pages exist; the navigation never links to a page that is not there. */
  ready: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/overview", id: "overview", permission: null, group: "main", ready: true },
  { href: "/transactions", id: "transactions", permission: "TRANSACTIONS_VIEW", group: "main", ready: true },
  { href: "/payments/new", id: "payments", permission: "PAYMENTS_CREATE", group: "main", ready: true },
  { href: "/captures", id: "captures", permission: "CAPTURES_CREATE", group: "main", ready: true },
  // Refunds: those who ask for refunds and those who approve them (an approver may do nothing else).
  { href: "/refunds", id: "refunds", permission: ["REFUNDS_CREATE", "REFUNDS_APPROVE"], group: "main", ready: true },
  { href: "/recurring", id: "recurring", permission: "RECURRING_CHARGE", group: "main", ready: true },
  { href: "/recurring/plans", id: "billingPlans", permission: "RECURRING_CHARGE", group: "main", ready: true },
  { href: "/saved-cards", id: "savedCards", permission: "SAVED_CARDS_VIEW", group: "main", ready: true },
  // Customers are the ledger's payers grouped by e-mail: whoever may read the transactions may read who paid them.
  { href: "/customers", id: "customers", permission: "TRANSACTIONS_VIEW", group: "main", ready: true },
  // Finance figures and closing reports (ready once the Reports page exists).
  { href: "/reports", id: "reports", permission: "REPORTS_VIEW", group: "main", ready: true },
  { href: "/admin/roles", id: "roles", permission: "ROLES_MANAGE", group: "admin", ready: true },
  { href: "/admin/users", id: "users", permission: "USERS_MANAGE", group: "admin", ready: true },
  { href: "/admin/branches", id: "branches", permission: "BRANCHES_VIEW", group: "admin", ready: true },
  { href: "/admin/partners", id: "partners", permission: "PARTNERS_DELETE", group: "admin", ready: true },
  { href: "/admin/audit", id: "audit", permission: "AUDIT_VIEW", group: "admin", ready: true },
];

export function visibleNav(granted: ReadonlySet<Permission>): NavItem[] {
  return NAV_ITEMS.filter((i) => i.ready && mayOpen(i.permission, granted));
}

function mayOpen(needed: NavItem["permission"], granted: ReadonlySet<Permission>): boolean {
  if (needed === null) return true;
  return typeof needed === "string" ? granted.has(needed) : needed.some((p) => granted.has(p));
}

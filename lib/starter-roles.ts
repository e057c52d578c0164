// The roles an installation starts with. The sandbox gateway seeds the same roles from its own copy
// (sandbox/permissions.ts, compared by tests/contract/sandbox-data-agree.test.ts), so that when the dashboard mirrors
// the gateway's roles (adopting its local roles by name) nobody's permissions change. Browser-safe data.
import type { Permission } from "./permissions";

export interface StarterRole {
  name: string;
  description: string;
  permissions: Permission[];
}

export const STARTER_ROLES: readonly StarterRole[] = [
  {
    name: "back-office",
    description: "Day-to-day payment operations: sees payments, takes payments, captures and voids authorizations.",
    permissions: [
      "TRANSACTIONS_VIEW",
      "PAYMENTS_CREATE",
      "CAPTURES_CREATE",
      "VOIDS_CREATE",
      "SAVED_CARDS_VIEW",
      "RECURRING_CHARGE",
      "BRANCHES_VIEW",
    ],
  },
  {
    name: "finance",
    description:
      "Finance team: sees and exports payments, requests and approves refunds, reads reports (and approves sending them outside), reconciles settlement files and reads the audit trail.",
    permissions: [
      "TRANSACTIONS_VIEW",
      "TRANSACTIONS_EXPORT",
      "REFUNDS_CREATE",
      "REFUNDS_APPROVE",
      "AUDIT_VIEW",
      "BRANCHES_VIEW",
      "REPORTS_VIEW",
      "REPORTS_APPROVE",
      "RECONCILIATION_MANAGE",
    ],
  },
  { name: "read-only", description: "Sees payments and branches; changes nothing.", permissions: ["TRANSACTIONS_VIEW", "BRANCHES_VIEW"] },
];

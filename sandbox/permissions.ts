// The permission names the sandbox gateway supports (contract 2.10: `<MODULE>_<ACTION>`, upper case out; the full
// list is "not shown", so this is the sandbox's own list) and the roles it seeds. The dashboard keeps its own
// vocabulary in lib/; tests/contract/sandbox-data-agree.test.ts fails when the two drift apart.

export const SUPPORTED_PERMISSIONS: readonly string[] = [
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
];

/** The input form (contract 2.10: `<module>_<action>`), compared exactly: `REFUNDS_CREATE` or ` refunds_create` is not it. */
const SUPPORTED_INPUT: ReadonlySet<string> = new Set(SUPPORTED_PERMISSIONS.map((p) => p.toLowerCase()));

/**
 * A permission as sent (`refunds_create`) in the upper-case form the gateway answers, or null when it is not one of
 * the supported names in the input form (4.13: ignored, no error). Strict on purpose: a client that sends another
 * form would lose every permission on a gateway that compares exactly, and must fail here first.
 */
export function supportedPermission(name: string): string | null {
  return SUPPORTED_INPUT.has(name) ? name.toUpperCase() : null;
}

/** A role the sandbox seeds in its business unit at start. */
export interface SeedRole {
  name: string;
  description: string;
  permissions: readonly string[];
}

/** The roles a fresh sandbox has; the dashboard starts with the same local roles, so adopting them by name changes nothing. */
export const SEED_ROLES: readonly SeedRole[] = [
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

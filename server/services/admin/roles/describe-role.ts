// What a role allows, in one line for people choosing roles (the new-user dialog): the role's own description when
// it has one, else a phrase built from its permissions ("Refunds, refund approvals and exports"), in the reader's
// language (the phrases live in the roles catalog: roles.phrases). Pure, so the page computes it on the server and
// the dialog only renders text.
import "server-only";
import { toPermission, type Permission } from "@/lib/permissions";
import { DEFAULT_UI_PREFS, type UiPrefs } from "@/lib/i18n/languages";
import { translatorFor } from "../../../i18n/translator";

/** Each permission as a noun phrase, in the order a sentence reads best (money first, administration last). */
const ORDER: readonly Permission[] = [
  "PAYMENTS_CREATE",
  "CAPTURES_CREATE",
  "VOIDS_CREATE",
  "REFUNDS_CREATE",
  "REFUNDS_APPROVE",
  "RECURRING_CHARGE",
  "TRANSACTIONS_VIEW",
  "TRANSACTIONS_EXPORT",
  "REPORTS_VIEW",
  "REPORTS_APPROVE",
  "RECONCILIATION_MANAGE",
  "SAVED_CARDS_VIEW",
  "BRANCHES_VIEW",
  "USERS_MANAGE",
  "ROLES_MANAGE",
  "PARTNERS_DELETE",
  "AUDIT_VIEW",
];
/** More than this many phrases read as a list nobody finishes: the rest are counted. */
const MAX_PHRASES = 4;

type Prefs = Pick<UiPrefs, "language" | "digits">;

/** "Refunds, refund approvals and exports"; "Everything in the dashboard"; "No permissions". */
export function describePermissions(permissions: readonly string[], prefs: Prefs = DEFAULT_UI_PREFS): string {
  const t = translatorFor(prefs, "roles");
  const known = new Set<Permission>();
  let others = 0;
  for (const p of permissions) {
    const k = toPermission(p);
    if (k) known.add(k);
    else others++;
  }
  if (known.size === ORDER.length) return t("phrases.everything");
  const parts = ORDER.filter((p) => known.has(p)).map((p) => t(`phrases.${p}`));
  if (parts.length > MAX_PHRASES)
    parts.splice(MAX_PHRASES - 1, parts.length, t("phrases.more", { count: parts.length - (MAX_PHRASES - 1) }));
  if (others > 0) parts.push(t("phrases.gatewayOnly", { count: others }));
  if (parts.length === 0) return t("phrases.none");
  const text =
    parts.length === 1 ? parts[0]! : t("phrases.last", { head: parts.slice(0, -1).join(t("phrases.separator")), last: parts.at(-1)! });
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The line shown under a role's name: its description if it has one, else what its permissions allow. */
export function describeRole(
  role: { description: string | null; permissions: readonly string[] },
  prefs: Prefs = DEFAULT_UI_PREFS,
): string {
  const own = role.description?.trim();
  return own ? own : describePermissions(role.permissions, prefs);
}

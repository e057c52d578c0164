// Where a search result leads, and where a group's "See all" opens the full list with the same text: one place for
// the header's popup and the search page.
import type { Permission } from "@/lib/permissions";
import type { SearchResults } from "@/lib/search/results";

export type SearchGroup = "payments" | "customers" | "links" | "users";

/** The permission each group needs: the one that opens its area (search never shows what the area would refuse). */
export const GROUP_PERMISSION = {
  payments: "TRANSACTIONS_VIEW",
  customers: "TRANSACTIONS_VIEW",
  links: "PAYMENTS_CREATE",
  users: "USERS_MANAGE",
} as const satisfies Record<SearchGroup, Permission>;

export const SEARCH_GROUPS = Object.keys(GROUP_PERMISSION) as SearchGroup[];

/** The groups a person may search; none: the header shows no search box. */
export function searchGroupsFor(granted: ReadonlySet<Permission>): SearchGroup[] {
  return SEARCH_GROUPS.filter((g) => granted.has(GROUP_PERMISSION[g]));
}

type HitOf<G extends SearchGroup> = NonNullable<SearchResults[G]>["hits"][number];
export type AnyHit = { [G in SearchGroup]: { group: G; hit: HitOf<G> } }[SearchGroup];

/** A link opens its payment for whoever may read payments; otherwise the links list, the area they may open. */
export function hitHref(h: AnyHit, canViewPayments: boolean): string {
  switch (h.group) {
    case "payments":
      return `/transactions/${h.hit.id}`;
    case "customers":
      return `/customers/${h.hit.key}`;
    case "links":
      return canViewPayments ? `/transactions/${h.hit.paymentId}` : "/payments/links";
    case "users":
      return `/admin/users?q=${encodeURIComponent(h.hit.email)}`;
  }
}

/** The full list of a group filtered by the same text (the links list has no search: it opens whole). */
export function seeAllHref(group: SearchGroup, text: string): string {
  const q = encodeURIComponent(text);
  return { payments: `/transactions?q=${q}`, customers: `/customers?q=${q}`, links: "/payments/links", users: `/admin/users?q=${q}` }[
    group
  ];
}

/** A stable key per hit (React keys and option ids). */
export function hitKey(h: AnyHit): string {
  switch (h.group) {
    case "payments":
      return `p-${h.hit.id}`;
    case "customers":
      return `c-${h.hit.key}`;
    case "links":
      return `l-${h.hit.paymentId}`;
    case "users":
      return `u-${h.hit.id}`;
  }
}

/** The results as one list in group order: what the arrow keys walk through. */
export function flattenHits(r: SearchResults): AnyHit[] {
  const out: AnyHit[] = [];
  for (const p of r.payments?.hits ?? []) out.push({ group: "payments", hit: p });
  for (const c of r.customers?.hits ?? []) out.push({ group: "customers", hit: c });
  for (const l of r.links?.hits ?? []) out.push({ group: "links", hit: l });
  for (const u of r.users?.hits ?? []) out.push({ group: "users", hit: u });
  return out;
}

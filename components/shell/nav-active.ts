// Which sidebar entry is the current page, and how the entries split into groups. Pure, so it is unit-tested.
import type { NavItem } from "@/lib/navigation";

function normalise(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? "";
  return bare.length > 1 ? bare.replace(/\/+$/, "") || "/" : bare || "/";
}

/**
 * The href that matches `pathname`: an exact match, or the longest href that is a whole-segment prefix
 * ("/admin/users/42" → "/admin/users", but "/refunds-report" does not match "/refunds"). Null when none does.
 */
export function activeHref(pathname: string, hrefs: readonly string[]): string | null {
  const path = normalise(pathname);
  let best: string | null = null;
  for (const raw of hrefs) {
    const href = normalise(raw);
    const hit = path === href || (href !== "/" && path.startsWith(`${href}/`));
    if (hit && (best === null || href.length > normalise(best).length)) best = raw;
  }
  return best;
}

/**
 * Sidebar groups in order; the admin group is present only when it has items. `titled`: the group has a heading
 * (its label is the catalog's `shell.navGroups.<id>`).
 */
export function groupNav(items: readonly NavItem[]): Array<{ id: NavItem["group"]; titled: boolean; items: NavItem[] }> {
  const main = items.filter((i) => i.group === "main");
  const admin = items.filter((i) => i.group === "admin");
  const groups: Array<{ id: NavItem["group"]; titled: boolean; items: NavItem[] }> = [];
  if (main.length) groups.push({ id: "main", titled: false, items: main });
  if (admin.length) groups.push({ id: "admin", titled: true, items: admin });
  return groups;
}

/** Up to two initials for the avatar; whole code points, so any script (Arabic included) is safe. */
export function initials(name: string, email = ""): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.length ? [words[0]] : [email.trim()];
  return letters
    .map((w) => Array.from(w ?? "")[0] ?? "")
    .join("")
    .toLocaleUpperCase();
}

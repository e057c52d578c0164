// Search the gateway's roles (text filter, page from 0, page size; defaults of contract section 8) and mirror
// every role of the page. Nothing is deleted: a page is not the whole list. When the gateway does not answer,
// nothing changes; `mirroredRoles` lists the last mirrored copy instead.
import { asc, ilike, or, sql } from "drizzle-orm";
import type { RoleSearchResult, SearchRolesQuery } from "@/lib/schemas/admin-roles";
import { nameCollator } from "@/lib/admin/names";
import type { Language } from "@/lib/i18n/languages";
import { roles } from "../../../db/schema";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { requireRolesManage } from "./access";
import { successOrThrow } from "./gateway-failure";
import { mirrorRoles, toRoleView } from "./mirror";

export async function searchRoles(ctx: ServiceContext, query: SearchRolesQuery): Promise<RoleSearchResult> {
  const { deps, principal } = ctx;
  requireRolesManage(principal);
  const page = successOrThrow(
    await deps.gateway.searchRoles({ pageNumber: query.page, pageSize: query.size, text: query.text || undefined }),
  );
  const rows = await deps.db.transaction((tx) => mirrorRoles(tx, page.content, deps.now()));
  const size = page.size ?? query.size;
  const totalElements = page.totalElements ?? query.page * size + page.content.length;
  return {
    items: rows.map(toRoleView),
    page: {
      number: page.number ?? query.page,
      size,
      totalElements,
      totalPages: page.totalPages ?? Math.ceil(totalElements / size),
    },
  };
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The last mirrored roles, filtered and paged the same way, read from the dashboard's database only. Sorted by name
 * in the reader's collation: in JS, because ORDER BY sorts by code point under PGlite's C collation (every "أ"
 * before every "ا") and no Arabic collation is available in both PGlite and Postgres; the mirror is a few hundred
 * rows at most. */
export async function mirroredRoles(
  ctx: ServiceContext<Pick<ServiceDeps, "db">>,
  query: SearchRolesQuery,
  language: Language = "en",
): Promise<RoleSearchResult> {
  const { deps, principal } = ctx;
  requireRolesManage(principal);
  const where = query.text ? or(ilike(roles.name, likePattern(query.text)), ilike(roles.description, likePattern(query.text))) : undefined;
  const [{ n } = { n: 0 }] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(roles)
    .where(where);
  const compare = nameCollator(language);
  const all = await deps.db.select().from(roles).where(where).orderBy(asc(roles.id));
  const rows = all.sort((a, b) => compare(a.name, b.name)).slice(query.page * query.size, (query.page + 1) * query.size);
  return {
    items: rows.map(toRoleView),
    page: { number: query.page, size: query.size, totalElements: n, totalPages: Math.ceil(n / query.size) },
  };
}

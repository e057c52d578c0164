// "Refresh from gateway" (super-admin only): walk every page of the gateway's role search (bounded) and mirror
// all roles in one transaction with one audit row. If any page fails, nothing changes: the last mirror holds.
import type { RoleRefreshResult } from "@/lib/schemas/admin-roles";
import { appendAudit } from "../../../audit/audit-log";
import type { Role } from "../../../gateway/client";
import type { ServiceContext } from "../../deps";
import { requireSuperAdmin } from "./access";
import { successOrThrow } from "./gateway-failure";
import { mirrorRoles } from "./mirror";

export const REFRESH_PAGE_SIZE = 100;
export const REFRESH_MAX_PAGES = 100;

export async function refreshRoleMirror(
  ctx: ServiceContext,
  opts: { pageSize?: number; maxPages?: number } = {},
): Promise<RoleRefreshResult> {
  const { deps, principal, ip } = ctx;
  requireSuperAdmin(principal);
  const pageSize = opts.pageSize ?? REFRESH_PAGE_SIZE;
  const maxPages = opts.maxPages ?? REFRESH_MAX_PAGES;
  const all = new Map<string, Role>();
  let pages = 0;
  let complete = false;
  while (pages < maxPages) {
    const page = successOrThrow(await deps.gateway.searchRoles({ pageNumber: pages, pageSize }));
    pages++;
    for (const r of page.content) all.set(r.id, r);
    const lastByCount = page.totalPages !== undefined ? pages >= page.totalPages : page.content.length < pageSize;
    if (page.last === true || page.content.length === 0 || lastByCount) {
      complete = true;
      break;
    }
  }
  const roles = [...all.values()];
  await deps.db.transaction(async (tx) => {
    await mirrorRoles(tx, roles, deps.now());
    await appendAudit(tx, {
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      action: "role.mirror_refresh",
      targetType: "role",
      summary: { pages, roles: roles.length, complete },
    });
  });
  return { pages, roles: roles.length, complete };
}

// GET /api/admin/roles: search the gateway's roles (text, page from 0, size) and mirror the page; POST: create a role.
import { createRoleSchema, searchRolesSchema } from "@/lib/schemas/admin-roles";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { createRole } from "@/server/services/admin/roles/create-role";
import { searchRoles } from "@/server/services/admin/roles/search-roles";

export const GET = route({ permission: "ROLES_MANAGE", query: searchRolesSchema }, async ({ principal, query }) =>
  searchRoles(await appContext({ principal }), query),
);

export const POST = route({ permission: "ROLES_MANAGE", body: createRoleSchema }, async ({ principal, body, ip }) =>
  Response.json(await createRole(await appContext({ principal, ip }), body), { status: 201, headers: { "Cache-Control": "no-store" } }),
);

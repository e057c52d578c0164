// GET /api/admin/roles/[roleId]: one role, read from the gateway and mirrored; PUT: update it. [roleId] is our id.
import { roleParamsSchema, updateRoleSchema } from "@/lib/schemas/admin-roles";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { getRole } from "@/server/services/admin/roles/get-role";
import { updateRole } from "@/server/services/admin/roles/update-role";

export const GET = route({ permission: "ROLES_MANAGE", params: roleParamsSchema }, async ({ principal, params }) => ({
  role: await getRole(await appContext({ principal }), { roleId: params.roleId }),
}));

export const PUT = route(
  { permission: "ROLES_MANAGE", params: roleParamsSchema, body: updateRoleSchema },
  async ({ principal, params, body, ip }) => updateRole(await appContext({ principal, ip }), { ...body, roleId: params.roleId }),
);

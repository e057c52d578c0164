// PUT /api/admin/users/:userId/roles: replace a user's roles (applies on the user's next request).
import { userParams, userRolesSchema } from "@/lib/schemas/admin-users";
import { route } from "@/server/http/route";
import { setUserRoles } from "@/server/services/admin/users/set-user-roles";
import { appContext } from "@/server/services/app-deps";

export const PUT = route(
  { permission: "USERS_MANAGE", params: userParams, body: userRolesSchema },
  async ({ principal, params, body, ip }) => ({
    roles: await setUserRoles(await appContext({ principal, ip }), { ...body, userId: params.userId }),
  }),
);

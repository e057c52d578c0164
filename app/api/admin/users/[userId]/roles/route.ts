// PUT /api/admin/users/:userId/roles: replace a user's roles (applies on the user's next request).
import { userParams, userRolesSchema } from "@/lib/schemas/admin-users";
import { getDatabase } from "@/server/db";
import { route } from "@/server/http/route";
import { setUserRoles } from "@/server/services/admin/users/set-user-roles";

export const PUT = route({ permission: "USERS_MANAGE", params: userParams, body: userRolesSchema }, async ({ principal, params, body, ip }) => {
  const { db } = await getDatabase();
  return { roles: await setUserRoles(db, principal, params.userId, body, ip) };
});

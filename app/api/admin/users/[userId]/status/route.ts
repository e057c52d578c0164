// POST /api/admin/users/:userId/status: disable (ending every session at once) or enable a dashboard user.
import { userParams, userStatusSchema } from "@/lib/schemas/admin-users";
import { getDatabase } from "@/server/db";
import { route } from "@/server/http/route";
import { setUserStatus } from "@/server/services/admin/users/set-user-status";

export const POST = route({ permission: "USERS_MANAGE", params: userParams, body: userStatusSchema }, async ({ principal, params, body, ip }) => {
  const { db } = await getDatabase();
  const user = await setUserStatus(db, principal, params.userId, body, ip);
  return { id: user.id, status: user.status };
});

// POST /api/admin/users/:userId/sessions/end: end one session of a user, or all of them (super-admins only).
import { userParams } from "@/lib/schemas/admin-users";
import { endUserSessionsSchema } from "@/lib/schemas/sessions";
import { getDatabase } from "@/server/db";
import { route } from "@/server/http/route";
import { endUserSessions } from "@/server/services/admin/users/end-user-sessions";

export const POST = route({ permission: "USERS_MANAGE", params: userParams, body: endUserSessionsSchema }, async ({ principal, params, body, ip }) => {
  const { db } = await getDatabase();
  return endUserSessions(db, principal, params.userId, body, ip);
});

// GET /api/admin/users/:userId/sessions: a user's live sessions and sign-in history (super-admins only).
import { userParams } from "@/lib/schemas/admin-users";
import { getDatabase } from "@/server/db";
import { env } from "@/server/env";
import { route } from "@/server/http/route";
import { listUserSessions } from "@/server/services/admin/users/list-user-sessions";

export const GET = route({ permission: "USERS_MANAGE", params: userParams }, async ({ principal, params }) => {
  const { db } = await getDatabase();
  return listUserSessions(db, principal, params.userId, env().session);
});

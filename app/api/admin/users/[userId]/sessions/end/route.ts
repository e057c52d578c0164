// POST /api/admin/users/:userId/sessions/end: end one session of a user, or all of them (super-admins only).
import { userParams } from "@/lib/schemas/admin-users";
import { endUserSessionsSchema } from "@/lib/schemas/sessions";
import { route } from "@/server/http/route";
import { endUserSessions } from "@/server/services/admin/users/end-user-sessions";
import { appContext } from "@/server/services/app-deps";

export const POST = route(
  { permission: "USERS_MANAGE", params: userParams, body: endUserSessionsSchema },
  async ({ principal, params, body, ip }) => endUserSessions(await appContext({ principal, ip }), { ...body, userId: params.userId }),
);

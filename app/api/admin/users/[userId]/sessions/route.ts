// GET /api/admin/users/:userId/sessions: a user's live sessions and sign-in history (super-admins only).
import { userParams } from "@/lib/schemas/admin-users";
import { route } from "@/server/http/route";
import { listUserSessions } from "@/server/services/admin/users/list-user-sessions";
import { appContext } from "@/server/services/app-deps";

export const GET = route({ permission: "USERS_MANAGE", params: userParams }, async ({ principal, params }) =>
  listUserSessions(await appContext({ principal }), { userId: params.userId }),
);

// POST /api/admin/users/:userId/status: disable (ending every session at once) or enable a dashboard user.
import { userParams, userStatusSchema } from "@/lib/schemas/admin-users";
import { route } from "@/server/http/route";
import { setUserStatus } from "@/server/services/admin/users/set-user-status";
import { appContext } from "@/server/services/app-deps";

export const POST = route(
  { permission: "USERS_MANAGE", params: userParams, body: userStatusSchema },
  async ({ principal, params, body, ip }) => {
    const user = await setUserStatus(await appContext({ principal, ip }), { ...body, userId: params.userId });
    return { id: user.id, status: user.status };
  },
);

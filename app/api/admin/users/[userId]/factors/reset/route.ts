// POST /api/admin/users/:userId/factors/reset: a super-admin resets another user's second factors (they enrol
// again at next sign-in); ends their sessions and mails them.
import { userParams } from "@/lib/schemas/admin-users";
import { route } from "@/server/http/route";
import { resetUserFactors } from "@/server/services/admin/users/reset-user-factors";
import { appContext } from "@/server/services/app-deps";

export const POST = route({ permission: "USERS_MANAGE", params: userParams }, async ({ principal, params, ip }) =>
  resetUserFactors(await appContext({ principal, ip }), { userId: params.userId }),
);

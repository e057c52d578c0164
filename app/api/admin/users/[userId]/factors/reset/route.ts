// POST /api/admin/users/:userId/factors/reset: a super-admin resets another user's second factors (they enrol
// again at next sign-in); ends their sessions and mails them.
import { userParams } from "@/lib/schemas/admin-users";
import { getDatabase } from "@/server/db";
import { env } from "@/server/env";
import { route } from "@/server/http/route";
import { resetUserFactors } from "@/server/services/admin/users/reset-user-factors";

export const POST = route({ permission: "USERS_MANAGE", params: userParams }, async ({ principal, params, ip }) => {
  const { db } = await getDatabase();
  return resetUserFactors({ db, appUrl: env().appUrl }, principal, params.userId, ip);
});

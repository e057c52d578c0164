// POST /api/admin/users/:userId/invitation: mail a new set-password link to a user who has none set yet (voids the old).
import { userParams } from "@/lib/schemas/admin-users";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { resendInvitation } from "@/server/services/admin/users/resend-invitation";

export const POST = route({ permission: "USERS_MANAGE", params: userParams }, async ({ principal, params, ip }) => {
  const sent = await resendInvitation(await appContext({ principal, ip }), { userId: params.userId });
  return Response.json(sent, { headers: { "Cache-Control": "no-store" } });
});

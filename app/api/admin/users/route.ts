// POST /api/admin/users: create a user at the gateway and a dashboard login with a one-time set-password link.
import { createUserSchema } from "@/lib/schemas/admin-users";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { createDashboardUser } from "@/server/services/admin/users/create-user";

export const POST = route({ permission: "USERS_MANAGE", body: createUserSchema }, async ({ principal, body, ip }) => {
  const created = await createDashboardUser(await appContext({ principal, ip }), body);
  return Response.json(created, { status: 201, headers: { "Cache-Control": "no-store" } });
});

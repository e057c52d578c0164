// POST /api/admin/roles/refresh: re-mirror every gateway role (all search pages); super-admins only (403 otherwise).
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { refreshRoleMirror } from "@/server/services/admin/roles/refresh-mirror";

export const POST = route({ permission: "ROLES_MANAGE" }, async ({ principal, ip }) =>
  refreshRoleMirror(await appContext({ principal, ip })),
);

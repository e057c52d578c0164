// The first line of every roles service: ROLES_MANAGE (the route wrapper checks it too; a page calling the service
// directly gets the same refusal), and for the mirror refresh a super-admin.
import type { Principal } from "../../../auth/principal";
import { AppError } from "../../../errors";

export function requireRolesManage(principal: Principal): void {
  if (!principal.permissions.has("ROLES_MANAGE")) throw new AppError("forbidden", "auth.forbidden");
}

export function requireSuperAdmin(principal: Principal): void {
  requireRolesManage(principal);
  if (principal.userType !== "SUPER_ADMIN") throw new AppError("forbidden", "roles.superAdminRefreshOnly");
}

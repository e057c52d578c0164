// Services check the permission on their first line too (DESIGN rule 8), whatever route or page calls them.
import type { Permission } from "@/lib/permissions";
import type { Principal } from "../../auth/principal";
import { AppError } from "../../http/errors";

export function requirePermission(principal: Principal, permission: Permission): void {
  if (!principal.permissions.has(permission)) throw new AppError("forbidden", "You do not have permission to do this.");
}

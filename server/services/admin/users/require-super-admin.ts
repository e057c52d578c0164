// Another user's sessions and sign-in history are for super-admins only (they show where and when a person works).
import type { Principal } from "../../../auth/principal";
import { AppError } from "../../../errors";

export function requireSuperAdmin(principal: Principal): void {
  if (principal.userType !== "SUPER_ADMIN") throw new AppError("forbidden", "users.superAdminSessionsOnly");
}

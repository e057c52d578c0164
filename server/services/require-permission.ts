// The first line of every service: the caller must hold the permission (the route wrapper checks it
// too; a page or script calling the service directly gets the same refusal).
// No `import "server-only"`: the ledger benchmark (scripts/bench-ledger.ts) runs it too; it holds no secret.
import type { Permission } from "@/lib/permissions";
import type { Principal } from "../auth/principal";
import { AppError } from "../errors";

/** A refusal for want of a permission, which it names (the route wrapper records it: server/audit/denials.ts). */
export class PermissionDenied extends AppError {
  constructor(readonly permission: Permission) {
    super("forbidden", "auth.forbidden");
  }
}

export function requirePermission(principal: Principal, permission: Permission): void {
  if (!principal.permissions.has(permission)) throw new PermissionDenied(permission);
}

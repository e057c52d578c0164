// Create a role at the gateway, then mirror it and audit "role.create" in one transaction. A taken name (409)
// comes back as an error on the name field; permissions the gateway dropped are named in the result.
// Escalation rule (grant-rules.ts): a role may carry only permissions its creator holds (a super-admin holds all).
import type { RoleFormOutput, RoleSaveResult } from "@/lib/schemas/admin-roles";
import { requireFreshFactor } from "../../../auth/step-up";
import type { ServiceContext } from "../../deps";
import { auditingRefusals, requireHeld } from "../grant-rules";
import { requireRolesManage } from "./access";
import { successOrThrow } from "./gateway-failure";
import { recordSavedRole } from "./save-result";

export async function createRole(ctx: ServiceContext, input: RoleFormOutput): Promise<RoleSaveResult> {
  const { deps, principal, ip } = ctx;
  requireRolesManage(principal);
  requireFreshFactor(principal);
  return auditingRefusals(deps.db, principal, ip, async () => {
    requireHeld(principal, input.permissions, {
      action: "role.create",
      targetType: "role",
      detail: { name: input.name, permissions: input.permissions },
    });
    const gatewayRole = successOrThrow(
      await deps.gateway.createRole({ roleName: input.name, description: input.description, permissions: input.permissions }),
    );
    return recordSavedRole(ctx, { action: "role.create", input, gatewayRole, before: null });
  });
}

// Update a role at the gateway (name, description, permissions), then mirror it and audit "role.update" in one
// transaction: the users holding the role get the new permissions on their next request. A 404 is "not found",
// a taken name (409) an error on the name field; permissions the gateway dropped are named in the result.
import type { RoleFormOutput, RoleSaveResult } from "@/lib/schemas/admin-roles";
import type { Principal } from "../../../auth/principal";
import { requireFreshFactor } from "../../../auth/step-up";
import type { ServiceDeps } from "../../deps";
import { requireRolesManage } from "./access";
import { gatewayRoleOf } from "./find-role";
import { successOrThrow } from "./gateway-failure";
import { recordSavedRole } from "./save-result";

export async function updateRole(
  deps: ServiceDeps,
  principal: Principal,
  roleId: string,
  input: RoleFormOutput,
  ip: string | null,
): Promise<RoleSaveResult> {
  requireRolesManage(principal);
  requireFreshFactor(principal);
  const before = await gatewayRoleOf(deps, roleId);
  const gatewayRole = successOrThrow(
    await deps.gateway.updateRole({
      roleId: before.gatewayRoleId,
      roleName: input.name,
      description: input.description,
      permissions: input.permissions,
    }),
  );
  return recordSavedRole(deps, principal, { action: "role.update", input, gatewayRole, before, ip });
}

// Update a role at the gateway (name, description, permissions), then mirror it and audit "role.update" in one
// transaction: the users holding the role get the new permissions on their next request. A 404 is "not found",
// a taken name (409) an error on the name field; permissions the gateway dropped are named in the result.
// Escalation rules (grant-rules.ts), checked before the gateway is called: nobody but a super-admin edits a role
// they hold, and the permissions an edit adds must all be held by the editor.
import type { RoleFormOutput, RoleSaveResult } from "@/lib/schemas/admin-roles";
import type { Principal } from "../../../auth/principal";
import { AppError } from "../../../errors";
import { requireFreshFactor } from "../../../auth/step-up";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { auditingRefusals, GrantRefused, holdsRole, isSuperAdmin, MESSAGES, requireHeld, type Attempt } from "../grant-rules";
import { requireRolesManage } from "./access";
import { findMirrorRow, gatewayRoleOf } from "./find-role";
import { successOrThrow } from "./gateway-failure";
import { mirrorPermissions } from "./mirror";
import { recordSavedRole } from "./save-result";

export async function updateRole(ctx: ServiceContext, input: { roleId: string } & RoleFormOutput): Promise<RoleSaveResult> {
  const { deps, principal, ip } = ctx;
  const { roleId } = input;
  requireRolesManage(principal);
  requireFreshFactor(principal);
  return auditingRefusals(deps.db, principal, ip, async () => {
    const attempt: Attempt = {
      action: "role.update",
      targetType: "role",
      targetId: roleId,
      detail: { name: input.name, permissions: input.permissions },
    };
    if (!isSuperAdmin(principal)) await requireEditable(deps, principal, roleId, input, attempt);
    const before = await gatewayRoleOf(deps, roleId);
    const gatewayRole = successOrThrow(
      await deps.gateway.updateRole({
        roleId: before.gatewayRoleId,
        roleName: input.name,
        description: input.description,
        permissions: input.permissions,
      }),
    );
    return recordSavedRole(ctx, { action: "role.update", input, gatewayRole, before });
  });
}

/** A non-super-admin may edit a role they do not hold, adding only permissions they hold. */
async function requireEditable(deps: ServiceDeps, principal: Principal, roleId: string, input: RoleFormOutput, attempt: Attempt) {
  const row = await findMirrorRow(deps, roleId);
  if (!row) throw new AppError("not_found", "roles.notFound");
  if (await holdsRole(deps.db, principal.userId, roleId)) throw new GrantRefused(MESSAGES.ownRole, attempt);
  // Vocabulary permissions the role does not grant yet; names outside the vocabulary are the gateway's own, which
  // no dashboard user holds: an edit may keep those the role already has at the gateway, never add one.
  const current = new Set(row.permissions);
  const added = mirrorPermissions(input.permissions).filter((p) => !current.has(p));
  const foreign = input.permissions.filter((p) => mirrorPermissions([p]).length === 0);
  let foreignAdded: string[] = [];
  if (foreign.length && row.gatewayRoleId) {
    const atGateway = successOrThrow(await deps.gateway.getRole({ roleId: row.gatewayRoleId }));
    const kept = new Set(atGateway.permissions.map((p) => p.trim().toUpperCase()));
    foreignAdded = foreign.filter((p) => !kept.has(p));
  } else foreignAdded = foreign;
  requireHeld(principal, [...added, ...foreignAdded], attempt);
}

// View one role: read it from the gateway (by the gateway id our mirror row holds) and mirror what came back.
// A 404 is "not found"; an unreachable gateway changes nothing (the page can still show the last mirrored copy).
import type { RoleDetail, RoleView } from "@/lib/schemas/admin-roles";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { requireRolesManage } from "./access";
import { findMirrorRow, gatewayRoleOf } from "./find-role";
import { successOrThrow } from "./gateway-failure";
import { mirrorRoles, toRoleDetail, toRoleView } from "./mirror";

export async function getRole(ctx: ServiceContext, input: { roleId: string }): Promise<RoleDetail> {
  const { deps, principal } = ctx;
  const { roleId } = input;
  requireRolesManage(principal);
  const row = await gatewayRoleOf(deps, roleId);
  const gatewayRole = successOrThrow(await deps.gateway.getRole({ roleId: row.gatewayRoleId }));
  const [mirrored] = await deps.db.transaction((tx) => mirrorRoles(tx, [gatewayRole], deps.now()));
  return toRoleDetail(mirrored!, gatewayRole);
}

/** The last mirrored copy of a role (no gateway call), for when the gateway does not answer. */
export async function mirroredRole(ctx: ServiceContext<Pick<ServiceDeps, "db">>, input: { roleId: string }): Promise<RoleView | null> {
  const { deps, principal } = ctx;
  const { roleId } = input;
  requireRolesManage(principal);
  const row = await findMirrorRow(deps, roleId);
  return row ? toRoleView(row) : null;
}

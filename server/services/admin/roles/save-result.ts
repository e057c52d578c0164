// After a create or update: mirror the gateway's answer and write the audit row in one transaction, and name the
// requested permissions the gateway silently did not assign (contract 4.13: unsupported names are ignored).
import type { RoleFormOutput, RoleSaveResult } from "@/lib/schemas/admin-roles";
import { appendAudit } from "../../../audit/audit-log";
import type { RoleRow } from "../../../db/schema";
import type { Role } from "../../../gateway/client";
import type { ServiceContext } from "../../deps";
import { mirrorRoles, toRoleDetail } from "./mirror";

export function notAssigned(requested: readonly string[], granted: readonly string[]): string[] {
  const got = new Set(granted.map((p) => p.trim().toUpperCase()));
  return requested.filter((p) => !got.has(p.toUpperCase()));
}

export async function recordSavedRole(
  ctx: ServiceContext,
  saved: { action: "role.create" | "role.update"; input: RoleFormOutput; gatewayRole: Role; before: RoleRow | null },
): Promise<RoleSaveResult> {
  const { deps, principal, ip } = ctx;
  const dropped = notAssigned(saved.input.permissions, saved.gatewayRole.permissions);
  const row = await deps.db.transaction(async (tx) => {
    const [mirrored] = await mirrorRoles(tx, [saved.gatewayRole], deps.now());
    await appendAudit(tx, {
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      action: saved.action,
      targetType: "role",
      targetId: mirrored!.id,
      summary: {
        gatewayRoleId: saved.gatewayRole.id,
        name: saved.gatewayRole.name,
        permissions: saved.gatewayRole.permissions,
        notAssigned: dropped,
        ...(saved.before ? { before: { name: saved.before.name, permissions: saved.before.permissions } } : {}),
      },
    });
    return mirrored!;
  });
  return { role: toRoleDetail(row, saved.gatewayRole), notAssigned: dropped };
}

// From the dashboard's role id (the one in URLs) to the gateway's: the mirror row says it; a local role that was
// never mirrored is looked up at the gateway by name and adopted (keeping its id and its users).
import { eq } from "drizzle-orm";
import { roles, type RoleRow } from "../../../db/schema";
import { AppError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import { ROLE_NOT_AT_GATEWAY, successOrThrow } from "./gateway-failure";
import { mirrorRoles } from "./mirror";

export async function findMirrorRow(deps: Pick<ServiceDeps, "db">, roleId: string): Promise<RoleRow | null> {
  const [row] = await deps.db.select().from(roles).where(eq(roles.id, roleId)).limit(1);
  return row ?? null;
}

/** The mirror row with its gateway id, or not_found. */
export async function gatewayRoleOf(deps: ServiceDeps, roleId: string): Promise<RoleRow & { gatewayRoleId: string }> {
  const row = await findMirrorRow(deps, roleId);
  if (!row) throw new AppError("not_found", "roles.notFound");
  if (row.gatewayRoleId) return { ...row, gatewayRoleId: row.gatewayRoleId };
  const page = successOrThrow(await deps.gateway.searchRoles({ text: row.name, pageNumber: 0, pageSize: 100 }));
  const match = page.content.find((r) => r.name.toLowerCase() === row.name.toLowerCase());
  if (!match) throw new AppError("not_found", ROLE_NOT_AT_GATEWAY);
  const [adopted] = await deps.db.transaction((tx) => mirrorRoles(tx, [match], deps.now()));
  return { ...adopted!, gatewayRoleId: match.id };
}

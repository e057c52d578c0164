// The roles mirror: the gateway's roles copied into the dashboard's database, which is what the permission checks
// read (server/auth/principal.ts), so a role change at the gateway takes effect on its users' next request once
// mirrored. A gateway role is matched by its gateway id, else by case-insensitive name: a local role of the same
// name is adopted (it keeps our id, so user_roles stay linked). Nothing is ever deleted here (a search page is
// not the whole list). Writes are serialised by a transaction-scoped advisory lock.
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { toPermission, type Permission } from "@/lib/permissions";
import type { RoleDetail, RoleView } from "@/lib/schemas/admin-roles";
import type { Db, Tx } from "../../../db/client";
import { roles, type RoleRow } from "../../../db/schema";
import type { Role } from "../../../gateway/client";

/** Arbitrary constant naming the roles-mirror lock (pg_advisory_xact_lock takes a bigint). */
const MIRROR_LOCK_KEY = 727_274_017;

/** The permissions the dashboard understands, upper-cased, each once, in the gateway's order. */
export function mirrorPermissions(names: readonly string[]): Permission[] {
  const out: Permission[] = [];
  for (const n of names) {
    const p = toPermission(n);
    if (p && !out.includes(p)) out.push(p);
  }
  return out;
}

/** Gateway permissions outside the dashboard's vocabulary (shown and kept on edit, never checked). */
export function otherPermissions(names: readonly string[]): string[] {
  return [...new Set(names.map((n) => n.trim().toUpperCase()).filter((n) => n && !toPermission(n)))];
}

const lowerName = (name: string) => sql`lower(${roles.name}) = lower(${name})`;

/** A name no real role has, to free a name during a batch (renames and swaps inside one search page). */
const parkedName = (id: string) => `\u2063mirror-parked:${id}`;

/**
 * Mirror a batch of gateway roles (one search page, one get, the answer of a create or update). Returns the rows
 * in the order of `gatewayRoles`. Call inside a transaction; the caller's audit row belongs in the same one.
 */
export async function mirrorRoles(tx: Tx | Db, gatewayRoles: readonly Role[], now: Date): Promise<RoleRow[]> {
  if (gatewayRoles.length === 0) return [];
  await tx.execute(sql`select pg_advisory_xact_lock(${MIRROR_LOCK_KEY})`);
  const ids = [...new Set(gatewayRoles.map((r) => r.id))];
  const known = await tx.select().from(roles).where(inArray(roles.gatewayRoleId, ids));
  // Phase 1: rows of this batch whose name changes give their name up first, so renames within a page (even a
  // swap of two names) never trip the unique index on lower(name).
  for (const row of known) {
    const incoming = gatewayRoles.find((r) => r.id === row.gatewayRoleId)!;
    if (incoming.name.toLowerCase() !== row.name.toLowerCase()) {
      await tx
        .update(roles)
        .set({ name: parkedName(row.id) })
        .where(eq(roles.id, row.id));
    }
  }
  const done = new Map<string, RoleRow>();
  for (const r of gatewayRoles) {
    if (!done.has(r.id)) done.set(r.id, await mirrorOne(tx, r, now));
  }
  return gatewayRoles.map((r) => done.get(r.id)!);
}

async function mirrorOne(tx: Tx | Db, r: Role, now: Date): Promise<RoleRow> {
  const [byId] = await tx.select().from(roles).where(eq(roles.gatewayRoleId, r.id)).limit(1);
  // Adopt a local role of the same name (not yet any gateway role's mirror): it keeps our id and its users.
  const [byName] = byId
    ? []
    : await tx
        .select()
        .from(roles)
        .where(and(lowerName(r.name), isNull(roles.gatewayRoleId)))
        .limit(1);
  const target = byId ?? byName;
  const values = {
    name: await freeName(tx, r, target?.id ?? null),
    description: r.description ?? "",
    businessUnitId: r.businessUnitId ?? null,
    gatewayRoleId: r.id,
    permissions: mirrorPermissions(r.permissions),
    source: "gateway",
    mirroredAt: now,
    updatedAt: now,
  };
  if (target) {
    const [row] = await tx.update(roles).set(values).where(eq(roles.id, target.id)).returning();
    return row!;
  }
  const [row] = await tx.insert(roles).values(values).returning();
  return row!;
}

/**
 * The gateway's name, unless another gateway role's mirror holds it (a role renamed at the gateway but not yet
 * re-mirrored, or a role of the same name in another business unit): then the name is suffixed with the start of
 * the gateway id until a later mirror frees it. Forms load names from the gateway, never from this copy.
 */
async function freeName(tx: Tx | Db, r: Role, ownId: string | null): Promise<string> {
  const clash = (name: string) =>
    tx
      .select({ id: roles.id })
      .from(roles)
      .where(ownId ? and(lowerName(name), ne(roles.id, ownId)) : lowerName(name))
      .limit(1);
  if ((await clash(r.name)).length === 0) return r.name;
  const suffixed = `${r.name} (${r.id.slice(0, 8)})`;
  return (await clash(suffixed)).length === 0 ? suffixed : `${r.name} (${r.id})`;
}

export function toRoleView(row: RoleRow): RoleView {
  return {
    id: row.id,
    gatewayRoleId: row.gatewayRoleId,
    name: row.name,
    description: row.description,
    businessUnitId: row.businessUnitId,
    permissions: row.permissions,
    source: row.source === "gateway" ? "gateway" : "local",
    mirroredAt: row.mirroredAt?.toISOString() ?? null,
  };
}

/** The mirror row plus what the gateway answered: its name as the gateway spells it and its other permissions. */
export function toRoleDetail(row: RoleRow, gatewayRole: Role | null): RoleDetail {
  return {
    ...toRoleView(row),
    name: gatewayRole?.name ?? row.name,
    otherPermissions: gatewayRole ? otherPermissions(gatewayRole.permissions) : [],
  };
}

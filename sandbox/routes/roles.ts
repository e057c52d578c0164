// Roles (4.13): create, update, get, search. Names are unique per business unit (case-insensitive); permissions are
// upper-cased, unknown ones silently dropped, duplicates removed.
import type { Ctx, Deps } from "../context";
import { isoNanos, newId } from "../format";
import { envelopeError, envelopeOk, type Fields, type Reply } from "../http-util";
import { supportedPermission } from "../permissions";
import type { Role } from "../types";

type RoleInput = { ok: true; name: string; description: string; permissions: string[] } | { ok: false; reply: Reply };

function readRole(f: Fields): RoleInput {
  const problems: string[] = [];
  const name = typeof f.roleName === "string" ? f.roleName.trim() : "";
  if (!name) problems.push("roleName is required");
  if (typeof f.description !== "string") problems.push("description is required");
  const perms = f.permissions;
  if (!Array.isArray(perms) || perms.some((p) => typeof p !== "string")) problems.push("permissions must be an array of strings");
  if (problems.length) return { ok: false, reply: envelopeError(400, `Validation failed: ${problems.join("; ")}`) };
  const permissions: string[] = [];
  for (const p of perms as string[]) {
    const known = supportedPermission(p);
    if (known && !permissions.includes(known)) permissions.push(known);
  }
  return { ok: true, name, description: f.description as string, permissions };
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function conflict(name: string, bu: string): Reply {
  return envelopeError(409, `entity Role already exists for fields [roleName, businessUnitId] and values [${name}, ${bu}]`);
}

function actor(ctx: Ctx): string {
  return `api:${(ctx.level ?? "UNKNOWN").toLowerCase()}`;
}

function rolesOf(deps: Deps): Role[] {
  return Object.values(deps.store.data.roles).filter((r) => r.businessUnitId === deps.config.businessUnitId);
}

export function roleCreateHandler(ctx: Ctx, deps: Deps): Reply {
  const input = readRole(ctx.fields);
  if (!input.ok) return input.reply;
  const bu = deps.config.businessUnitId;
  if (rolesOf(deps).some((r) => sameName(r.name, input.name))) return conflict(input.name, bu);
  const ts = isoNanos(Date.now());
  const role: Role = {
    id: newId(),
    name: input.name,
    description: input.description,
    businessUnitId: bu,
    permissions: input.permissions,
    createdBy: actor(ctx),
    updatedBy: actor(ctx),
    createdTimestamp: ts,
    updatedTimestamp: ts,
  };
  deps.store.data.roles[role.id] = role;
  deps.store.changed();
  return envelopeOk(role);
}

export function roleUpdateHandler(ctx: Ctx, deps: Deps): Reply {
  const input = readRole(ctx.fields);
  if (!input.ok) return input.reply;
  const bu = deps.config.businessUnitId;
  const role = rolesOf(deps).find((r) => r.id === ctx.params[0]);
  if (!role) {
    return envelopeError(404, `entity Role not found for fields [roleName, businessUnitId] and values [${input.name}, ${bu}]`);
  }
  if (rolesOf(deps).some((r) => r.id !== role.id && sameName(r.name, input.name))) return conflict(input.name, bu);
  Object.assign(role, {
    name: input.name,
    description: input.description,
    permissions: input.permissions,
    updatedBy: actor(ctx),
    updatedTimestamp: isoNanos(Date.now()),
  });
  deps.store.changed();
  return envelopeOk(role);
}

export function roleGetHandler(ctx: Ctx, deps: Deps): Reply {
  const id = ctx.params[0] ?? "";
  const role = rolesOf(deps).find((r) => r.id === id);
  const bu = deps.config.businessUnitId;
  if (!role) return envelopeError(404, `entity Role not found for fields [roleId, businessUnitId] and values [${id}, ${bu}]`);
  return envelopeOk(role);
}

/** An integer query parameter: the default when absent, null when present but not a valid integer in range. */
export function intParam(url: URL, name: string, fallback: number | null, min: number, max: number): number | null {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === "") return fallback;
  if (!/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return n >= min && n <= max ? n : null;
}

export const MAX_PAGE_SIZE = 1000;

/** Page object (2.15); the role search adds hasContent, numberOfElements, first, last. */
export function pageOf<T>(all: T[], number: number, size: number, extended: boolean): Record<string, unknown> {
  const content = all.slice(number * size, number * size + size);
  const totalPages = Math.ceil(all.length / size);
  const base = { content, number, size, totalElements: all.length, totalPages };
  if (!extended) return base;
  return {
    ...base,
    hasContent: content.length > 0,
    numberOfElements: content.length,
    first: number === 0,
    last: number >= totalPages - 1,
  };
}

export function roleSearchHandler(ctx: Ctx, deps: Deps): Reply {
  const pageNumber = intParam(ctx.url, "pageNumber", 0, 0, Number.MAX_SAFE_INTEGER);
  const pageSize = intParam(ctx.url, "pageSize", 10, 1, MAX_PAGE_SIZE);
  if (pageNumber === null || pageSize === null) {
    return envelopeError(400, `Validation failed: pageNumber must be an integer ≥ 0 and pageSize between 1 and ${MAX_PAGE_SIZE}`);
  }
  const text = (ctx.url.searchParams.get("text") ?? "").trim().toLowerCase();
  const roles = rolesOf(deps)
    .filter((r) => !text || r.name.toLowerCase().includes(text) || r.description.toLowerCase().includes(text))
    .sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.id.localeCompare(b.id));
  const page = pageOf(roles, pageNumber, pageSize, true);
  page.content = (page.content as Role[]).map((data) => ({ code: 200, message: "Success", errorCode: null, data }));
  return envelopeOk(page);
}

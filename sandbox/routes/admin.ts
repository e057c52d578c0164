// Administration calls besides roles: create user (4.14), search branches (4.15), delete partner (4.16).
import type { Ctx, Deps } from "../context";
import { UUID_RE, newId } from "../format";
import { envelopeError, envelopeOk, str, type Reply } from "../http-util";
import { supportedPermission } from "../permissions";
import { own } from "../state";
import type { User } from "../types";
import { MAX_PAGE_SIZE, intParam, pageOf } from "./roles";

export function userCreateHandler(ctx: Ctx, deps: Deps): Reply {
  const f = ctx.fields;
  const problems: string[] = [];
  const email = (str(f, "email") ?? "").trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problems.push("email must be an e-mail address");
  const bu = str(f, "businessUnitId") ?? "";
  if (!UUID_RE.test(bu)) problems.push("businessUnitId must be a UUID");
  const roles = f.roles;
  if (!Array.isArray(roles) || roles.length === 0 || roles.some((r) => typeof r !== "string")) {
    problems.push("roles must be a non-empty array of role names");
  }
  if (f.permissions !== undefined && (!Array.isArray(f.permissions) || f.permissions.some((p) => typeof p !== "string"))) {
    problems.push("permissions must be an array of strings");
  }
  const userType = str(f, "userType");
  if (userType !== "USER" && userType !== "SUPER_ADMIN") problems.push("userType must be USER or SUPER_ADMIN");
  const phoneNumber = (str(f, "phoneNumber") ?? "").trim();
  if (!phoneNumber) problems.push("phoneNumber is required");
  if (problems.length) return envelopeError(400, `Validation failed: ${problems.join("; ")}`);

  const known = Object.values(deps.store.data.roles);
  const names = (roles as string[]).map((r) => r.trim());
  const unknown = names.filter((n) => !known.some((r) => r.name.toLowerCase() === n.toLowerCase()));
  if (unknown.length) return envelopeError(400, `Unknown roles: [${unknown.join(", ")}]`);
  const users = Object.values(deps.store.data.users);
  if (users.some((u) => u.email.toLowerCase() === email.toLowerCase())) {
    return envelopeError(409, `entity User already exists for fields [email] and values [${email}]`);
  }
  const user: User = {
    id: newId(),
    email,
    businessUnitId: bu,
    roles: names.map((n) => known.find((r) => r.name.toLowerCase() === n.toLowerCase())!.name),
    permissions: ((f.permissions as string[] | undefined) ?? []).map(supportedPermission).filter((p) => p !== null),
    userType: userType as User["userType"],
    phoneNumber,
    createdAt: Date.now(),
  };
  deps.store.data.users[user.id] = user;
  deps.store.changed();
  return envelopeOk({ id: user.id, username: user.email, phoneNumber: user.phoneNumber, userType: user.userType });
}

export function branchSearchHandler(ctx: Ctx, deps: Deps): Reply {
  const { url } = ctx;
  const problems: string[] = [];
  const pageNumber = intParam(url, "pageNumber", null, 0, Number.MAX_SAFE_INTEGER);
  const pageSize = intParam(url, "pageSize", null, 1, MAX_PAGE_SIZE);
  if (pageNumber === null) problems.push("pageNumber is required (integer ≥ 0)");
  if (pageSize === null) problems.push(`pageSize is required (integer 1..${MAX_PAGE_SIZE})`);
  const active = url.searchParams.get("active");
  if (active !== null && active !== "" && active !== "true" && active !== "false") problems.push("active must be true or false");
  if (problems.length || pageNumber === null || pageSize === null) {
    return envelopeError(400, `Validation failed: ${problems.join("; ")}`);
  }
  const text = (url.searchParams.get("text") ?? "").trim();
  const lower = text.toLowerCase();
  const branches = deps.store.data.branches.filter(
    (b) =>
      (!text || b.name.toLowerCase().includes(lower) || b.nameAR.includes(text)) &&
      (active === null || active === "" || b.active === (active === "true")),
  );
  return envelopeOk(pageOf(branches, pageNumber, pageSize, false));
}

export function partnerDeleteHandler(ctx: Ctx, deps: Deps): Reply {
  const id = ctx.params[0] ?? "";
  const partner = own(deps.store.data.partners, id);
  if (!partner) return envelopeError(404, `entity Partner not found for fields [id] and values [${id}]`);
  delete deps.store.data.partners[id];
  deps.store.changed();
  return envelopeOk(`Partner ${partner.name} deleted successfully`);
}

// Administration on the JSON interface (contract 4.13–4.16): roles, users, branches, partners. X-API-KEY on every
// call; answers in the envelope. Reads (role get/search, branch search) are retried; writes are sent once.
import { z } from "zod";
import type { GatewayResult } from "../result";
import type { Transport } from "../transport";
import { emailSchema, idSchema, nonEmpty, optStr, pageSchema, seg } from "./common";

/**
 * Permissions as the contract takes them (2.10): `<module>_<action>`, lower case, unique; the gateway answers them in
 * upper case and ignores the names it does not support (4.13), so a name in any other form could be dropped unseen.
 */
const permissionsSchema = z
  .array(nonEmpty)
  .transform((ps) => ps.map((p) => p.trim().toLowerCase()))
  .refine((p) => new Set(p).size === p.length, "permissions must be unique");

export const roleSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  description: optStr,
  businessUnitId: optStr,
  /** Upper case `<MODULE>_<ACTION>`; unsupported names were dropped by the gateway. */
  permissions: z.array(z.string()),
  createdBy: optStr,
  updatedBy: optStr,
  createdTimestamp: optStr,
  updatedTimestamp: optStr,
});
export type Role = z.infer<typeof roleSchema>;

export const roleInputSchema = z.object({
  roleName: nonEmpty,
  description: z.string(),
  permissions: permissionsSchema,
});
export type RoleInput = z.input<typeof roleInputSchema>;

export async function createRole(t: Transport, input: RoleInput): Promise<GatewayResult<Role>> {
  const i = roleInputSchema.parse(input);
  return t.send({
    operation: "role_create",
    policy: "write",
    host: "api",
    method: "POST",
    path: "/api/v1/roles/role",
    response: roleSchema,
    body: () => ({ type: "json", value: i }),
  });
}

export const updateRoleInputSchema = roleInputSchema.extend({ roleId: idSchema });
export type UpdateRoleInput = z.input<typeof updateRoleInputSchema>;

export async function updateRole(t: Transport, input: UpdateRoleInput): Promise<GatewayResult<Role>> {
  const { roleId, ...body } = updateRoleInputSchema.parse(input);
  return t.send({
    operation: "role_update",
    policy: "write",
    host: "api",
    method: "PUT",
    path: `/api/v1/roles/role/${seg(roleId)}`,
    response: roleSchema,
    body: () => ({ type: "json", value: body }),
  });
}

export const getRoleInputSchema = z.object({ roleId: idSchema });
export type GetRoleInput = z.input<typeof getRoleInputSchema>;

export async function getRole(t: Transport, input: GetRoleInput): Promise<GatewayResult<Role>> {
  const i = getRoleInputSchema.parse(input);
  return t.send({
    operation: "role_get",
    policy: "read",
    host: "api",
    method: "GET",
    path: `/api/v1/roles/role/${seg(i.roleId)}`,
    response: roleSchema,
  });
}

export const searchRolesInputSchema = z.object({
  pageNumber: z.number().int().nonnegative().optional(),
  pageSize: z.number().int().positive().max(1000).optional(),
  text: z.string().optional(),
});
export type SearchRolesInput = z.input<typeof searchRolesInputSchema>;

/**
 * In the role search each `content` item is itself an envelope holding the role (2.15): unwrapped here, so the
 * page's content is Role[]. A bare role item is accepted too.
 */
const roleItemSchema = z.union([z.looseObject({ code: z.number(), data: roleSchema }).transform((e) => e.data), roleSchema]);
export const rolePageSchema = pageSchema(roleItemSchema);
export type RolePage = z.infer<typeof rolePageSchema>;

export async function searchRoles(t: Transport, input: SearchRolesInput = {}): Promise<GatewayResult<RolePage>> {
  const i = searchRolesInputSchema.parse(input);
  return t.send({
    operation: "role_search",
    policy: "read",
    host: "api",
    method: "GET",
    path: "/api/v1/roles/search",
    query: () => ({ pageNumber: i.pageNumber, pageSize: i.pageSize, text: i.text || undefined }),
    response: rolePageSchema,
  });
}

export const createUserInputSchema = z.object({
  email: emailSchema,
  businessUnitId: idSchema,
  /** Role names. */
  roles: z.array(nonEmpty),
  permissions: permissionsSchema.optional(),
  userType: z.enum(["USER", "SUPER_ADMIN"]),
  phoneNumber: nonEmpty,
});
export type CreateUserInput = z.input<typeof createUserInputSchema>;

export const userSchema = z.looseObject({
  id: z.string().min(1),
  username: z.string(),
  phoneNumber: optStr,
  userType: optStr,
});
export type GatewayUser = z.infer<typeof userSchema>;

export async function createUser(t: Transport, input: CreateUserInput): Promise<GatewayResult<GatewayUser>> {
  const i = createUserInputSchema.parse(input);
  return t.send({
    operation: "user_create",
    policy: "write",
    host: "api",
    method: "POST",
    path: "/api/v1/users/user",
    response: userSchema,
    body: () => ({ type: "json", value: i }),
  });
}

export const searchBranchesInputSchema = z.object({
  pageNumber: z.number().int().nonnegative().default(0),
  pageSize: z.number().int().positive().max(1000).default(10),
  text: z.string().optional(),
  active: z.boolean().optional(),
});
export type SearchBranchesInput = z.input<typeof searchBranchesInputSchema>;

export const branchSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  nameAR: optStr,
  businessUnitId: optStr,
  address: optStr,
  countryCode: optStr,
  cityId: z.number().int().nullish(),
  active: z.boolean(),
});
export type Branch = z.infer<typeof branchSchema>;
export const branchPageSchema = pageSchema(branchSchema);
export type BranchPage = z.infer<typeof branchPageSchema>;

export async function searchBranches(t: Transport, input: SearchBranchesInput = {}): Promise<GatewayResult<BranchPage>> {
  const i = searchBranchesInputSchema.parse(input);
  return t.send({
    operation: "branch_search",
    policy: "read",
    host: "api",
    method: "GET",
    path: "/api/v1/branches/search",
    // pageNumber and pageSize are required by the contract: always sent.
    query: () => ({ pageNumber: i.pageNumber, pageSize: i.pageSize, text: i.text || undefined, active: i.active }),
    response: branchPageSchema,
  });
}

export const deletePartnerInputSchema = z.object({ partnerId: idSchema });
export type DeletePartnerInput = z.input<typeof deletePartnerInputSchema>;

/** data: a confirmation string naming the partner. */
export const deletePartnerResponseSchema = z.string();

export async function deletePartner(t: Transport, input: DeletePartnerInput): Promise<GatewayResult<string>> {
  const i = deletePartnerInputSchema.parse(input);
  return t.send({
    operation: "partner_delete",
    policy: "write",
    host: "api",
    method: "DELETE",
    path: `/api/v1/partner/${seg(i.partnerId)}`,
    response: deletePartnerResponseSchema,
  });
}

// Schemas of the roles administration (contract 4.13), one per operation, shared by the forms and the route
// handlers: search (query), create and update (body), the role id in the path.
import { z } from "./zod";
import { vmsg } from "./messages";

/** Defaults of contract section 8: page 0, size 10. */
export const ROLE_PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_ROLE_PAGE_SIZE = 10;
/** A bound on the page number a link may ask for (the gateway's own pages start at 0). */
export const MAX_ROLE_PAGE = 10_000;

export const NAME_TAKEN_MESSAGE = vmsg("roles.nameTaken");
/** Said on the form and by the API alike: a role that grants nothing would give its holders nothing. */
export const NO_PERMISSION_MESSAGE = vmsg("roles.noPermission");

/**
 * A permission name as sent to the gateway: `<MODULE>_<ACTION>`, upper-cased. Not limited to the dashboard's
 * vocabulary: a role may carry permissions that only the gateway uses, and an edit keeps them.
 */
export const permissionName = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+$/, vmsg("roles.permissionFormat"))
  .max(100)
  .transform((s) => s.toUpperCase());

const roleBody = z.object({
  name: z.string().trim().min(1, vmsg("text.enterName")).max(100, vmsg("text.name100")),
  description: z.string().trim().max(500, vmsg("text.description500")),
  permissions: z
    .array(permissionName, NO_PERMISSION_MESSAGE)
    .min(1, NO_PERMISSION_MESSAGE)
    .max(200)
    .refine((p) => new Set(p).size === p.length, vmsg("roles.permissionOnce")),
});

export const createRoleSchema = roleBody;
export type CreateRoleInput = z.input<typeof createRoleSchema>;

export const updateRoleSchema = roleBody;
export type UpdateRoleInput = z.input<typeof updateRoleSchema>;

/** The form's values (create and update share the form). */
export type RoleFormValues = z.input<typeof roleBody>;
export type RoleFormOutput = z.output<typeof roleBody>;

/** GET /api/admin/roles and the list page's GET form: text filter, page (from 0), page size. */
export const searchRolesSchema = z.object({
  text: z.string().trim().max(100, vmsg("text.search100")).default(""),
  page: z.coerce.number().int().min(0).max(MAX_ROLE_PAGE).default(0),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (ROLE_PAGE_SIZES as readonly number[]).includes(n), vmsg("roles.pageSize", { sizes: ROLE_PAGE_SIZES.join(", ") }))
    .default(DEFAULT_ROLE_PAGE_SIZE),
});
export type SearchRolesQuery = z.output<typeof searchRolesSchema>;

/** The role id in paths is the dashboard's own id (not the gateway's). */
export const roleParamsSchema = z.object({ roleId: z.uuid(vmsg("ids.role")) });

/** What the API answers (browser-safe shapes). */
export interface RoleView {
  id: string;
  gatewayRoleId: string | null;
  name: string;
  description: string;
  businessUnitId: string | null;
  /** The dashboard's vocabulary only: what the permission checks read. */
  permissions: string[];
  source: "local" | "gateway";
  mirroredAt: string | null;
}

export interface RoleDetail extends RoleView {
  /** Permissions the gateway holds for the role that the dashboard does not use (kept on update). */
  otherPermissions: string[];
}

export interface RoleSaveResult {
  role: RoleDetail;
  /** Requested permissions the gateway silently did not assign (contract 4.13). */
  notAssigned: string[];
}

export interface RolePageInfo {
  number: number;
  size: number;
  totalElements: number;
  totalPages: number;
}

export interface RoleSearchResult {
  items: RoleView[];
  page: RolePageInfo;
}

export interface RoleRefreshResult {
  pages: number;
  roles: number;
  /** False when the page bound was reached before the gateway's last page. */
  complete: boolean;
}

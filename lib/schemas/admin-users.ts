// Schemas of the user administration actions, shared by the page's controls and the route handlers.
import { z } from "zod";

export const userParams = z.object({ userId: z.uuid("Not a user id.") });

export const userStatusSchema = z.object({ status: z.enum(["active", "disabled"]) });
export type UserStatusInput = z.infer<typeof userStatusSchema>;

export const userRolesSchema = z.object({ roleIds: z.array(z.uuid()).max(50).refine((ids) => new Set(ids).size === ids.length, "Each role once.") });
export type UserRolesInput = z.infer<typeof userRolesSchema>;

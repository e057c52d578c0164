// Schemas of the user administration actions, shared by the page's controls and the route handlers.
import { z } from "./zod";
import { vmsg } from "./messages";
import { PERMISSIONS } from "@/lib/permissions";
import { newPasswordSchema } from "./auth";
import { emailAddress } from "./email";

export const userParams = z.object({ userId: z.uuid(vmsg("ids.user")) });

export const userStatusSchema = z.object({ status: z.enum(["active", "disabled"]) });
export type UserStatusInput = z.infer<typeof userStatusSchema>;

export const userRolesSchema = z.object({
  roleIds: z
    .array(z.uuid())
    .max(50)
    .refine((ids) => new Set(ids).size === ids.length, vmsg("users.roleOnce")),
});
export type UserRolesInput = z.infer<typeof userRolesSchema>;

export const createUserSchema = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .pipe(emailAddress(vmsg("email.valid"))),
    name: z.string().trim().min(1, vmsg("users.personName")).max(120),
    phoneNumber: z
      .string()
      .trim()
      .regex(/^\+[1-9]\d{6,14}$/, vmsg("phone.withCode501")),
    userType: z.enum(["USER", "SUPER_ADMIN"]),
    roleNames: z.array(z.string().min(1).max(100)).max(20).default([]),
    extraPermissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length).default([]),
  })
  .refine((v) => v.userType === "SUPER_ADMIN" || v.roleNames.length > 0, { path: ["roleNames"], message: vmsg("users.chooseRole") });
export type CreateUserInput = z.input<typeof createUserSchema>;

export const setPasswordSchema = z
  .object({
    token: z.string().min(20).max(200),
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: vmsg("password.mismatch") });
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

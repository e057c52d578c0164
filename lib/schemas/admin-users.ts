// Schemas of the user administration actions, shared by the page's controls and the route handlers.
import { z } from "zod";
import { PERMISSIONS } from "@/lib/permissions";
import { newPasswordSchema } from "./auth";

export const userParams = z.object({ userId: z.uuid("Not a user id.") });

export const userStatusSchema = z.object({ status: z.enum(["active", "disabled"]) });
export type UserStatusInput = z.infer<typeof userStatusSchema>;

export const userRolesSchema = z.object({
  roleIds: z
    .array(z.uuid())
    .max(50)
    .refine((ids) => new Set(ids).size === ids.length, "Each role once."),
});
export type UserRolesInput = z.infer<typeof userRolesSchema>;

export const createUserSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid e-mail.")),
    name: z.string().trim().min(1, "Enter the person's name.").max(120),
    phoneNumber: z
      .string()
      .trim()
      .regex(/^\+[1-9]\d{6,14}$/, "Enter the phone number with its country code, e.g. +966501234567."),
    userType: z.enum(["USER", "SUPER_ADMIN"]),
    roleNames: z.array(z.string().min(1).max(100)).max(20).default([]),
    extraPermissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length).default([]),
  })
  .refine((v) => v.userType === "SUPER_ADMIN" || v.roleNames.length > 0, { path: ["roleNames"], message: "Choose at least one role." });
export type CreateUserInput = z.input<typeof createUserSchema>;

export const setPasswordSchema = z
  .object({
    token: z.string().min(20).max(200),
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "The passwords do not match." });
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

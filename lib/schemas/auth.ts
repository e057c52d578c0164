// Schemas of the sign-in and password forms, shared by the forms (react-hook-form resolver) and the server.
import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "./auth-values";

export { PASSWORD_MIN_LENGTH };

export const signInSchema = z.object({
  email: z.string().trim().min(1, "Enter your e-mail.").max(254).pipe(z.email("Enter a valid e-mail.")),
  password: z.string().min(1, "Enter your password.").max(1024),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** PCI DSS 4.0.1 8.3.6: at least 12 characters, with both letters and digits (history: server/auth/password-history.ts). */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(256, "Use at most 256 characters.")
  .regex(/\p{L}/u, "Include at least one letter.")
  .regex(/\p{Nd}/u, "Include at least one digit.");

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password.").max(1024),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "The passwords do not match." })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ["newPassword"],
    message: "Choose a password different from the current one.",
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

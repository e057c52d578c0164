// Schemas of the sign-in and password forms, shared by the forms (react-hook-form resolver) and the server.
import { z } from "./zod";
import { vmsg } from "./messages";
import { PASSWORD_MIN_LENGTH } from "./auth-values";
import { emailAddress } from "./email";

export { PASSWORD_MIN_LENGTH };

export const signInSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, vmsg("email.enterYours"))
    .max(254)
    .pipe(emailAddress(vmsg("email.valid"))),
  password: z.string().min(1, vmsg("password.enter")).max(1024),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** PCI DSS 4.0.1 8.3.6: at least 12 characters, with both letters and digits (history: server/auth/password-history.ts). */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, vmsg("password.minLength", { min: PASSWORD_MIN_LENGTH }))
  .max(256, vmsg("password.max256"))
  .regex(/\p{L}/u, vmsg("password.letter"))
  .regex(/\p{Nd}/u, vmsg("password.digit"));

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, vmsg("password.enterCurrent")).max(1024),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: vmsg("password.mismatch") })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ["newPassword"],
    message: vmsg("password.differentFromCurrent"),
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

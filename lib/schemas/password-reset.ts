// The forgot-password request: one e-mail address. Shared by the form (loaded lazily) and the route handler.
import { z } from "./zod";
import { vmsg } from "./messages";
import { emailAddress } from "./email";

export const passwordResetRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, vmsg("email.enterYours"))
    .max(254)
    .pipe(emailAddress(vmsg("email.valid"))),
});
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

/** The one answer, whether or not an account exists for the address (no account enumeration). */
export const PASSWORD_RESET_ANSWER =
  "If an account exists for this address, we sent a link to choose a new password. It works once, for one hour.";

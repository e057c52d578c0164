// The forgot-password request: one e-mail address. Shared by the form (loaded lazily) and the route handler.
import { z } from "zod";

export const passwordResetRequestSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, "Enter your e-mail.").max(254).pipe(z.email("Enter a valid e-mail.")),
});
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

/** The one answer, whether or not an account exists for the address (no account enumeration). */
export const PASSWORD_RESET_ANSWER =
  "If an account exists for this address, we sent a link to choose a new password. It works once, for one hour.";

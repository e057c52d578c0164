// Schemas of the second-factor forms (sign-in step, enrolment, step-up), shared by the forms and the route handlers.
import { z } from "./zod";
import { vmsg } from "./messages";

export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{3}\s?\d{3}$/, vmsg("mfa.enterTotp"));
export const recoveryCodeSchema = z.string().trim().min(16, vmsg("mfa.enterRecoveryCode")).max(40, vmsg("mfa.enterRecoveryCode"));

export const codeFactorSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("totp"), code: totpCodeSchema }),
  z.object({ kind: z.literal("recovery_code"), code: recoveryCodeSchema }),
]);
export type CodeFactorInput = z.infer<typeof codeFactorSchema>;

/** The enrolment link's token (after a super-admin reset the factors): base64url of 32 random bytes. */
export const enrolmentLinkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);
export const totpConfirmSchema = z.object({ code: totpCodeSchema, token: enrolmentLinkTokenSchema.optional() });
export type TotpConfirmInput = z.infer<typeof totpConfirmSchema>;

export const removeFactorSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("totp") }),
  z.object({ kind: z.literal("passkey"), id: z.uuid() }),
]);
export type RemoveFactorInput = z.infer<typeof removeFactorSchema>;

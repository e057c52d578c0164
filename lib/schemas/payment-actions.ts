// Schemas of the money actions, shared by the dialogs (react-hook-form) and the route handlers.
import { z } from "zod";

/** A decimal amount as typed (converted exactly to minor units in the payment's currency on the server). */
export const amountText = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,3})?$/, "Enter an amount like 25 or 25.50.")
  .refine((v) => /[1-9]/.test(v), "The amount must be more than zero.");

/** Created when a dialog opens; the same key sent twice returns the first result. */
export const idempotencyKey = z
  .string()
  .trim()
  .min(16, "Missing idempotency key.")
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);

export const captureSchema = z.object({ amount: amountText, idempotencyKey });
export type CaptureInput = z.infer<typeof captureSchema>;

export const voidSchema = z.object({ idempotencyKey });
export type VoidInput = z.infer<typeof voidSchema>;

export const refundSchema = z
  .object({
    amount: amountText,
    reasonCode: z.string().trim().min(1, "Choose a reason.").max(64),
    note: z.string().trim().max(500, "Keep the note under 500 characters.").default(""),
    idempotencyKey,
  })
  .refine((v) => v.reasonCode !== "other" || v.note.length > 0, { path: ["note"], message: "Say why, when the reason is “other”." });
export type RefundInput = z.input<typeof refundSchema>;

export const approvalSchema = z.object({ note: z.string().trim().max(500).default("") });

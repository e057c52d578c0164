// Schemas of the money actions, shared by the dialogs (react-hook-form) and the route handlers.
import { z } from "./zod";
import { vmsg } from "./messages";

/** A decimal amount as typed (converted exactly to minor units in the payment's currency on the server). */
export const amountText = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,3})?$/, vmsg("amount.format"))
  .refine((v) => /[1-9]/.test(v), vmsg("amount.moreThanZero"));

/** Created when a dialog opens; the same key sent twice returns the first result. */
export const idempotencyKey = z
  .string()
  .trim()
  .min(16, vmsg("payment.idempotencyKey"))
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);

export const captureSchema = z.object({ amount: amountText, idempotencyKey });
export type CaptureInput = z.infer<typeof captureSchema>;

export const voidSchema = z.object({ idempotencyKey });
export type VoidInput = z.infer<typeof voidSchema>;

export const refundSchema = z
  .object({
    amount: amountText,
    reasonCode: z.string().trim().min(1, vmsg("refund.chooseReason")).max(64),
    note: z.string().trim().max(500, vmsg("text.note500")).default(""),
    idempotencyKey,
  })
  .refine((v) => v.reasonCode !== "other" || v.note.length > 0, { path: ["note"], message: vmsg("refund.noteForOther") });
export type RefundInput = z.input<typeof refundSchema>;

export const approvalSchema = z.object({ note: z.string().trim().max(500).default("") });
/** A rejection says why: the requester reads it on the payment's timeline and in the Refunds list. */
export const rejectionSchema = z.object({ note: z.string().trim().min(3, vmsg("refund.rejectReason")).max(500) });

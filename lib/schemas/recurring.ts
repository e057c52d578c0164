// Schema of the "Charge now" dialog of the recurring page. Staff never pick the recurring interface: the server's
// RECURRING_INTERFACE decides (v2 JSON by default); an API caller may still name one. The form interface's
// whole-units rule applies only when that interface is used (withWholeUnits, for the dialogs' own check).
import { vmsg } from "./messages";
import { z } from "./zod";
import { amountText, idempotencyKey } from "./payment-actions";
import { descriptionText, orderIdText } from "./saved-cards";

export const RECURRING_INTERFACES = ["v2", "form"] as const;
export type RecurringInterface = (typeof RECURRING_INTERFACES)[number];

export const WHOLE_UNITS_MESSAGE = vmsg("plans.wholeUnits");
/** What the amount field says when the whole-units rule applies (and only then). */
export const WHOLE_UNITS_HINT = "Whole units only, e.g. 25 (no decimals): the gateway's recurring call takes no decimals.";

const isWhole = (amount: string) => /^\d+(\.0+)?$/.test(amount.trim());

/** The whole-units rule, added to a dialog's schema when the configured interface is the form one. */
export function withWholeUnits<T extends z.ZodType<{ amount: string }>>(schema: T): T {
  return schema.refine((v) => isWhole(v.amount), { path: ["amount"], message: WHOLE_UNITS_MESSAGE }) as T;
}

export const recurringChargeSchema = z
  .object({
    firstPaymentId: z.uuid(),
    amount: amountText,
    description: descriptionText,
    orderId: orderIdText,
    /** Absent (the dashboard's own dialog): the server's RECURRING_INTERFACE. */
    interface: z.enum(RECURRING_INTERFACES).optional(),
    idempotencyKey,
  })
  .refine((v) => v.interface !== "form" || isWhole(v.amount), { path: ["amount"], message: WHOLE_UNITS_MESSAGE });
export type RecurringChargeInput = z.input<typeof recurringChargeSchema>;

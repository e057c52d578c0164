// Schema of the "Charge now" dialog of the recurring page.
import { z } from "zod";
import { amountText, idempotencyKey } from "./payment-actions";
import { descriptionText, orderIdText } from "./saved-cards";

export const RECURRING_INTERFACES = ["v2", "form"] as const;
export type RecurringInterface = (typeof RECURRING_INTERFACES)[number];

export const WHOLE_UNITS_MESSAGE = "The form interface (RECURRING_SALE) takes whole units only: enter an amount without decimals, e.g. 25.";

export const recurringChargeSchema = z
  .object({
    firstPaymentId: z.uuid(),
    amount: amountText,
    description: descriptionText,
    orderId: orderIdText,
    interface: z.enum(RECURRING_INTERFACES).default("v2"),
    idempotencyKey,
  })
  .refine((v) => v.interface !== "form" || /^\d+(\.0+)?$/.test(v.amount), { path: ["amount"], message: WHOLE_UNITS_MESSAGE });
export type RecurringChargeInput = z.input<typeof recurringChargeSchema>;

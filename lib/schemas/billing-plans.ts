// Billing plans: the one schema of "Create plan" (the form and POST /api/recurring/plans), the pause reason, the
// path parameter, and the words the plans page shows. Browser-safe.
import { z } from "./zod";
import { vmsg } from "./messages";
import { amountText } from "./payment-actions";
import { RECURRING_INTERFACES, WHOLE_UNITS_MESSAGE } from "./recurring";
import { descriptionText } from "./saved-cards";

import { PLAN_INTERVALS, PLAN_STATUSES, type PlanInterval, type PlanStatus } from "./billing-plans-values";

export { PLAN_INTERVALS, PLAN_STATUSES, type PlanInterval, type PlanStatus };

/** A real calendar date written YYYY-MM-DD (what <input type="date"> gives). */
export const isoDateText = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, vmsg("date.enter"))
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, vmsg("date.real"));

export const createPlanSchema = z
  .object({
    firstPaymentId: z.uuid(),
    amount: amountText,
    interval: z.enum(PLAN_INTERVALS, vmsg("plans.chooseInterval")),
    /** The first charge date (a day in the business zone); today or later, checked on the server against its clock. */
    firstChargeDate: isoDateText,
    description: descriptionText,
    /** Absent: the server's PLAN_CHARGE_INTERFACE (v2 by default). */
    interface: z.enum(RECURRING_INTERFACES).optional(),
  })
  .refine((v) => v.interface !== "form" || /^\d+(\.0+)?$/.test(v.amount), { path: ["amount"], message: WHOLE_UNITS_MESSAGE });
export type CreatePlanInput = z.input<typeof createPlanSchema>;

export const pausePlanSchema = z.object({ reason: z.string().trim().max(200, vmsg("text.reason200")).optional() });
export type PausePlanInput = z.input<typeof pausePlanSchema>;

export const planParams = z.object({ id: z.uuid(vmsg("ids.plan")) });

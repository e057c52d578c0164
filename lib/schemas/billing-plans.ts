// Billing plans: the one schema of "Create plan" (the form and POST /api/recurring/plans), the pause reason, the
// path parameter, and the words the plans page shows. Browser-safe.
import { z } from "./zod";
import { vmsg } from "./messages";
import { amountText } from "./payment-actions";
import { RECURRING_INTERFACES, WHOLE_UNITS_MESSAGE } from "./recurring";
import { descriptionText } from "./saved-cards";

import {
  MAX_PLAN_CYCLES,
  PLAN_END_KINDS,
  PLAN_INTERVALS,
  PLAN_STATUSES,
  type PlanEndKind,
  type PlanInterval,
  type PlanStatus,
} from "./billing-plans-values";

export { PLAN_END_KINDS, PLAN_INTERVALS, PLAN_STATUSES, type PlanEndKind, type PlanInterval, type PlanStatus };

/** A real calendar date written YYYY-MM-DD (what <input type="date"> gives). */
export const isoDateText = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, vmsg("date.enter"))
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, vmsg("date.real"));

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

/**
 * A plan's end, shared by create and edit: an end date (the last day of the business zone a charge may be made) or a
 * number of charges (cycles, 1 or more), never both; neither is "no end". `end` is the dialogs' choice: it asks for
 * the field it names (an API caller may leave it out and send the field alone).
 */
const planEndFields = {
  end: z.enum(PLAN_END_KINDS).optional(),
  endDate: z.preprocess(blank, isoDateText.optional()),
  cycles: z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : blank(v)),
    z
      .number(vmsg("plans.cyclesWhole"))
      .int(vmsg("plans.cyclesWhole"))
      .min(1, vmsg("plans.cyclesWhole"))
      .max(MAX_PLAN_CYCLES, vmsg("plans.cyclesAtMost", { max: MAX_PLAN_CYCLES }))
      .optional(),
  ),
};

function checkEnd(v: { end?: PlanEndKind; endDate?: string; cycles?: number }, ctx: z.RefinementCtx): void {
  if (v.endDate !== undefined && v.cycles !== undefined) {
    ctx.addIssue({ code: "custom", path: ["cycles"], message: vmsg("plans.endBoth") });
  }
  if (v.end === "date" && v.endDate === undefined)
    ctx.addIssue({ code: "custom", path: ["endDate"], message: vmsg("plans.endDateMissing") });
  if (v.end === "cycles" && v.cycles === undefined) ctx.addIssue({ code: "custom", path: ["cycles"], message: vmsg("plans.cyclesWhole") });
  if (v.end === "none" && (v.endDate !== undefined || v.cycles !== undefined)) {
    ctx.addIssue({ code: "custom", path: ["end"], message: vmsg("plans.endBoth") });
  }
}

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
    ...planEndFields,
  })
  .refine((v) => v.interface !== "form" || /^\d+(\.0+)?$/.test(v.amount), { path: ["amount"], message: WHOLE_UNITS_MESSAGE })
  .refine((v) => v.endDate === undefined || v.endDate >= v.firstChargeDate, { path: ["endDate"], message: vmsg("plans.endBeforeFirst") })
  .superRefine(checkEnd);
export type CreatePlanInput = z.input<typeof createPlanSchema>;

/**
 * "Edit plan" (PATCH /api/recurring/plans/:id) on a live plan, every field given (the dialog sends the plan as it
 * should be): the amount (from the next charge on, in the plan's currency), the date of the next charge (the later
 * ones follow it at the plan's interval) and the end. What depends on the plan (its charges so far, its next date,
 * the maximum charge) is checked by the service.
 */
export const editPlanSchema = z
  .object({
    amount: amountText,
    nextChargeDate: isoDateText,
    ...planEndFields,
  })
  .superRefine(checkEnd);
export type EditPlanInput = z.input<typeof editPlanSchema>;

export const pausePlanSchema = z.object({ reason: z.string().trim().max(200, vmsg("text.reason200")).optional() });
export type PausePlanInput = z.input<typeof pausePlanSchema>;

export const planParams = z.object({ id: z.uuid(vmsg("ids.plan")) });

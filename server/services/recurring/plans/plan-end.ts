// The end of a billing plan: after its last charge (maxCharges approved charges) or past its end date (the last day of
// the business zone a charge may be made, so no charge is made once that day has passed, not even a retry). A plan
// that reaches its end is completed by the scheduler, in the transaction that finds it, with its audit row; a
// completed plan is never charged, edited, paused or resumed again, and its token may get a new plan.
import { eq } from "drizzle-orm";
import { appendAudit } from "../../../audit/audit-log";
import type { Tx } from "../../../db/client";
import { billingPlans, type BillingPlanRow } from "../../../db/schema";
import { planCycleDate, type PlanSchedule } from "./schedule";
import { PLAN_SCHEDULER_PRINCIPAL } from "./system-principal";

export type PlanEndReason = "cycles" | "end_date";

/** Why the plan may not charge cycle `cycle` (today being `today` in the business zone), or null when it may. */
export function endReached(
  plan: PlanSchedule & Pick<BillingPlanRow, "endDate" | "maxCharges" | "chargesMade">,
  cycle: number,
  today: string,
): PlanEndReason | null {
  if (plan.maxCharges !== null && plan.chargesMade >= plan.maxCharges) return "cycles";
  if (plan.endDate !== null && (today > plan.endDate || planCycleDate(plan, cycle) > plan.endDate)) return "end_date";
  return null;
}

/** Mark a live plan completed (the caller holds its row lock) and audit it as the scheduler's doing. */
export async function completePlan(
  tx: Tx,
  plan: BillingPlanRow,
  reason: PlanEndReason,
  now: Date,
  extra: Partial<BillingPlanRow> = {},
): Promise<void> {
  await tx
    .update(billingPlans)
    .set({ ...extra, status: "completed", pauseReason: null, updatedAt: now })
    .where(eq(billingPlans.id, plan.id));
  await appendAudit(tx, {
    actorId: PLAN_SCHEDULER_PRINCIPAL.userId,
    actorEmail: PLAN_SCHEDULER_PRINCIPAL.email,
    action: "billing_plan.complete",
    targetType: "billing_plan",
    targetId: plan.id,
    at: now,
    summary: {
      from: plan.status,
      to: "completed",
      reason,
      chargesMade: extra.chargesMade ?? plan.chargesMade,
      maxCharges: plan.maxCharges,
      endDate: plan.endDate,
    },
  });
}

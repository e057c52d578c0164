// Resume a paused plan (never a cancelled one): the retry counter starts again, and the current (unpaid) cycle is
// due on its date, or at once if that date has passed while the plan was paused. Only that one cycle: later
// missed cycles are skipped after it is paid (schedule.ts nextCycleAfter), never charged in bulk.
import type { BillingPlanRow } from "../../../db/schema";
import type { ServiceContext } from "../../deps";
import { changePlanStatus } from "./plan-status";
import { planCycleDate, startOfDate } from "./schedule";

export async function resumePlan(ctx: ServiceContext, input: { planId: string }): Promise<BillingPlanRow> {
  return changePlanStatus(ctx, {
    planId: input.planId,
    change: "resume",
    patchOf: (plan, now) => {
      const due = startOfDate(planCycleDate(plan, plan.cycle), ctx.deps.config.reportTimeZone);
      return { status: "active", pauseReason: null, attempt: 0, nextChargeAt: due > now ? due : now };
    },
  });
}

// Pause an active plan: the scheduler makes no new charge until it is resumed (a charge already sent still gets
// its outcome recorded).
import { pausePlanSchema, type PausePlanInput } from "@/lib/schemas/billing-plans";
import type { BillingPlanRow } from "../../../db/schema";
import type { ServiceContext } from "../../deps";
import { changePlanStatus } from "./plan-status";

export async function pausePlan(ctx: ServiceContext, input: { planId: string } & PausePlanInput): Promise<BillingPlanRow> {
  const reason = pausePlanSchema.parse(input).reason || `Paused by ${ctx.principal.email}.`;
  return changePlanStatus(ctx, {
    planId: input.planId,
    change: "pause",
    patchOf: () => ({ status: "paused", pauseReason: reason }),
    extraSummary: { reason },
  });
}

// Cancel a plan (active or paused): final, no further charge is ever made on it. A new plan can then be created
// on the same token.
import type { BillingPlanRow } from "../../../db/schema";
import type { ServiceContext } from "../../deps";
import { changePlanStatus } from "./plan-status";

export async function cancelPlan(ctx: ServiceContext, input: { planId: string }): Promise<BillingPlanRow> {
  return changePlanStatus(ctx, { planId: input.planId, change: "cancel", patchOf: () => ({ status: "cancelled" }) });
}

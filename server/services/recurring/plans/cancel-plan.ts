// Cancel a plan (active or paused): final, no further charge is ever made on it. A new plan can then be created
// on the same token.
import type { Principal } from "../../../auth/principal";
import type { BillingPlanRow } from "../../../db/schema";
import type { ServiceDeps } from "../../deps";
import { changePlanStatus } from "./plan-status";

export async function cancelPlan(deps: ServiceDeps, principal: Principal, planId: string, ip: string | null): Promise<BillingPlanRow> {
  return changePlanStatus(deps, principal, planId, "cancel", ip, () => ({ status: "cancelled" }));
}

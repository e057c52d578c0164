// Pause an active plan: the scheduler makes no new charge until it is resumed (a charge already sent still gets
// its outcome recorded).
import { pausePlanSchema, type PausePlanInput } from "@/lib/schemas/billing-plans";
import type { Principal } from "../../../auth/principal";
import type { BillingPlanRow } from "../../../db/schema";
import type { ServiceDeps } from "../../deps";
import { changePlanStatus } from "./plan-status";

export async function pausePlan(deps: ServiceDeps, principal: Principal, planId: string, input: PausePlanInput, ip: string | null): Promise<BillingPlanRow> {
  const reason = pausePlanSchema.parse(input).reason || `Paused by ${principal.email}.`;
  return changePlanStatus(deps, principal, planId, "pause", ip, () => ({ status: "paused", pauseReason: reason }), { reason });
}

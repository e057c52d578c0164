// Pause an active plan: the scheduler makes no new charge until it is resumed (a charge already sent still gets
// its outcome recorded).
import { keyedMessage } from "@/lib/i18n/keyed-message";
import { pausePlanSchema, type PausePlanInput } from "@/lib/schemas/billing-plans";
import type { BillingPlanRow } from "../../../db/schema";
import type { ServiceContext } from "../../deps";
import { changePlanStatus } from "./plan-status";

export async function pausePlan(ctx: ServiceContext, input: { planId: string } & PausePlanInput): Promise<BillingPlanRow> {
  const typed = pausePlanSchema.parse(input).reason;
  // Without a typed reason, the dashboard's own sentence, stored keyed (recurring.plans.reasons) for the reader's language.
  const reason = typed || keyedMessage("pausedBy", { email: ctx.principal.email });
  return changePlanStatus(ctx, {
    planId: input.planId,
    change: "pause",
    patchOf: () => ({ status: "paused", pauseReason: reason }),
    extraSummary: { reason: typed || `Paused by ${ctx.principal.email}.` },
  });
}

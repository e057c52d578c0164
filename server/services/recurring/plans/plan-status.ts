// The status rules of a plan, shared by pause, resume and cancel: active ⇄ paused, either → cancelled (final); a
// completed plan (it reached its end) is final too.
// The plan row is locked for the change, and the change and its audit row are one transaction. A charge already
// sent is not undone by a pause or a cancel: its outcome is still recorded when it comes.
import { eq } from "drizzle-orm";
import type { PlanStatus } from "@/lib/schemas/billing-plans";
import { appendAudit } from "../../../audit/audit-log";
import type { Tx } from "../../../db/client";
import { billingPlans, type BillingPlanRow } from "../../../db/schema";
import { AppError, type ErrorKey } from "../../../errors";
import type { ServiceContext } from "../../deps";
import { requirePermission } from "../../require-permission";

export type PlanChange = "pause" | "resume" | "cancel";

const ALLOWED_FROM: Record<PlanChange, readonly PlanStatus[]> = { pause: ["active"], resume: ["paused"], cancel: ["active", "paused"] };

const REFUSAL: Record<PlanChange, Record<string, ErrorKey>> = {
  pause: { paused: "recurring.planAlreadyPaused", cancelled: "recurring.cancelledNoPause", completed: "recurring.planEnded" },
  resume: { active: "recurring.planAlreadyActive", cancelled: "recurring.cancelledNoResume", completed: "recurring.planEnded" },
  cancel: { cancelled: "recurring.planAlreadyCancelled", completed: "recurring.planEnded" },
};

export async function lockPlan(tx: Tx, id: string): Promise<BillingPlanRow | null> {
  const [row] = await tx.select().from(billingPlans).where(eq(billingPlans.id, id)).for("update");
  return row ?? null;
}

export async function changePlanStatus(
  ctx: ServiceContext,
  input: {
    planId: string;
    change: PlanChange;
    patchOf: (plan: BillingPlanRow, now: Date) => Partial<BillingPlanRow>;
    extraSummary?: Record<string, unknown>;
  },
): Promise<BillingPlanRow> {
  const { deps, principal, ip } = ctx;
  const { planId, change, patchOf, extraSummary = {} } = input;
  requirePermission(principal, "RECURRING_CHARGE");
  return deps.db.transaction(async (tx) => {
    const plan = await lockPlan(tx, planId);
    if (!plan) throw new AppError("not_found", "recurring.planNotFound");
    if (!ALLOWED_FROM[change].includes(plan.status as PlanStatus)) {
      throw new AppError("conflict", REFUSAL[change][plan.status] ?? ["recurring.planCannotChange", { status: plan.status }]);
    }
    const now = deps.now();
    const patch = { ...patchOf(plan, now), updatedAt: now };
    const [next] = await tx.update(billingPlans).set(patch).where(eq(billingPlans.id, plan.id)).returning();
    await appendAudit(tx, {
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      action: `billing_plan.${change}`,
      targetType: "billing_plan",
      targetId: plan.id,
      at: now,
      summary: { from: plan.status, to: next!.status, chargeInFlight: plan.inFlightChargeId !== null, ...extraSummary },
    });
    return next!;
  });
}

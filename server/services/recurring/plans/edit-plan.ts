// Edit a live billing plan (active or paused): its amount, the date of its next charge (later charges follow it at
// the plan's interval) and its end (a last charge date, a number of charges, or none). The rules:
//   - the amount obeys MAX_CHARGE like creation; raising it above CHARGE_CONFIRM_ABOVE needs the same large-charge
//     confirmation (X-Confirm-Charge); it applies from the next attempt on: an attempt already claimed keeps the
//     amount it was claimed with (billing_plan_charges.amount_minor), so a charge in flight never changes;
//   - the next charge date is today or later, and cannot move while a charge is in flight (its cycle is the one
//     being charged);
//   - the end is not before the next charge (its date, or today when that has passed), and a number of charges is
//     not below the charges made (counting the one in flight); exactly the charges made, none in flight: the plan
//     is completed now;
//   - an ended or cancelled plan cannot be edited.
// Permission first (the one creating a plan needs), then one transaction with the plan row locked and the audit row
// holding the plan before and after.
import { eq } from "drizzle-orm";
import { editPlanSchema, type EditPlanInput } from "@/lib/schemas/billing-plans";
import { isLivePlan } from "@/lib/schemas/billing-plans-values";
import { vmsg } from "@/lib/schemas/messages";
import { todayInZone } from "@/lib/transactions/zoned-time";
import { cardLabel } from "@/lib/card-label";
import { appendAudit } from "../../../audit/audit-log";
import { billingPlans, type BillingPlanRow } from "../../../db/schema";
import { AppError } from "../../../errors";
import type { ServiceContext } from "../../deps";
import { amountInCurrency, requireGatewayAmount } from "../../payments/amount";
import { guardCharge } from "../../payments/charge-guard";
import { requirePermission } from "../../require-permission";
import { recurringFirstPayment, requireWholeUnitsForForm } from "../recurring";
import type { RecurringInterface } from "@/lib/schemas/recurring";
import { invalid } from "./create-plan";
import { lockPlan } from "./plan-status";
import { planCycleDate, startOfDate } from "./schedule";

function requireLive(plan: BillingPlanRow | null): BillingPlanRow {
  if (!plan) throw new AppError("not_found", "recurring.planNotFound");
  if (plan.status === "cancelled") throw new AppError("conflict", "recurring.cancelledNoEdit");
  if (!isLivePlan(plan.status)) throw new AppError("conflict", "recurring.planEnded");
  return plan;
}

/** What the audit row shows of a plan, before and after. */
const shown = (p: Pick<BillingPlanRow, "amountMinor" | "endDate" | "maxCharges">, nextChargeDate: string) => ({
  amountMinor: p.amountMinor,
  nextChargeDate,
  endDate: p.endDate,
  maxCharges: p.maxCharges,
});

export async function editPlan(ctx: ServiceContext, raw: { planId: string } & EditPlanInput): Promise<BillingPlanRow> {
  const { deps, principal, ip } = ctx;
  requirePermission(principal, "RECURRING_CHARGE");
  const { planId, ...fields } = raw;
  const parsed = editPlanSchema.safeParse(fields);
  if (!parsed.success) throw invalid(parsed.error.issues);
  const input = parsed.data;
  const [seen] = await deps.db.select().from(billingPlans).where(eq(billingPlans.id, planId));
  const current = requireLive(seen ?? null);
  const amountMinor = amountInCurrency(input.amount, current.currency);
  requireGatewayAmount(deps, amountMinor, current.currency);
  requireWholeUnitsForForm(current.interface as RecurringInterface, amountMinor, current.currency);
  const raised = amountMinor > current.amountMinor;
  const first = raised ? await recurringFirstPayment(deps.db, current.firstPaymentId) : null;
  // Only a raise asks for the confirmation (a lower or equal amount was confirmed already); the maximum always applies.
  const { largeChargeConfirmed } = await guardCharge(ctx, {
    minor: amountMinor,
    currency: current.currency,
    card: first ? cardLabel({ brand: first.cardBrand, last4: first.cardLast4 }) : null,
    customerPresent: !raised,
  });

  return deps.db.transaction(async (tx) => {
    const plan = requireLive(await lockPlan(tx, planId));
    // Changed between the read and the lock so that this edit now raises it: the confirmation was not asked.
    if (amountMinor > plan.amountMinor && !raised) throw new AppError("conflict", "recurring.planChangedMeanwhile");
    const now = deps.now();
    const zone = deps.config.reportTimeZone;
    const today = todayInZone(zone, now);
    const nextBefore = planCycleDate(plan, plan.cycle);
    const dayChanged = input.nextChargeDate !== nextBefore;
    if (dayChanged && plan.inFlightChargeId) throw new AppError("conflict", "recurring.planDayInFlight");
    if (dayChanged && input.nextChargeDate < today) {
      throw invalid([{ path: ["nextChargeDate"], message: vmsg("plans.nextChargeInPast") }]);
    }
    const nextAfter = dayChanged ? input.nextChargeDate : nextBefore;
    const endDate = input.endDate ?? null;
    const maxCharges = input.cycles ?? null;
    const earliestEnd = nextAfter > today ? nextAfter : today;
    if (endDate !== null && endDate < earliestEnd) {
      throw invalid([{ path: ["endDate"], message: vmsg("plans.endBeforeNext", { date: earliestEnd }) }]);
    }
    const fewestCharges = plan.chargesMade + (plan.inFlightChargeId ? 1 : 0);
    if (maxCharges !== null && maxCharges < fewestCharges) {
      throw invalid([{ path: ["cycles"], message: vmsg("plans.cyclesBelowCharged", { count: fewestCharges }) }]);
    }
    const completesNow = maxCharges !== null && maxCharges === plan.chargesMade && !plan.inFlightChargeId;
    const patch: Partial<BillingPlanRow> = {
      amountMinor,
      endDate,
      maxCharges,
      updatedAt: now,
      ...(dayChanged ? { anchorDate: input.nextChargeDate, anchorCycle: plan.cycle } : {}),
      // A paused plan gets its due time when it is resumed (resume-plan.ts, from the cycle's date).
      ...(dayChanged && plan.status === "active" ? { nextChargeAt: startOfDate(input.nextChargeDate, zone) } : {}),
      ...(completesNow ? { status: "completed", pauseReason: null } : {}),
    };
    const [next] = await tx.update(billingPlans).set(patch).where(eq(billingPlans.id, plan.id)).returning();
    await appendAudit(tx, {
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      action: "billing_plan.edit",
      targetType: "billing_plan",
      targetId: plan.id,
      at: now,
      summary: {
        currency: plan.currency,
        before: shown(plan, nextBefore),
        after: shown(next!, nextAfter),
        chargesMade: plan.chargesMade,
        chargeInFlight: plan.inFlightChargeId !== null,
        ...(completesNow ? { from: plan.status, to: "completed", reason: "cycles" } : {}),
        ...(largeChargeConfirmed ? { largeChargeConfirmed } : {}),
      },
    });
    return next!;
  });
}

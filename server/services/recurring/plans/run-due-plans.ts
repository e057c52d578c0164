// One pass of the billing-plan scheduler. Several app instances may run passes at once; each charge attempt is
// made exactly once:
//  1. Settle: plans whose in-flight charge now has a known outcome (e.g. an unknown one the reconciler has since
//     confirmed) move on (settle-charge.ts). A claim whose pass died before writing the ledger payment is driven
//     again: no payment row means the gateway was never called, and the order id is the same, so at most one
//     payment can ever exist for it.
//  2. Claim: due plans are picked with SELECT … FOR UPDATE SKIP LOCKED (a concurrent pass skips them); in that
//     transaction the charge row (plan, cycle, attempt; order id and idempotency key derived from them, all
//     unique; the plan's amount at that moment) is written and the plan is marked in flight, so no pass takes it
//     again until the outcome is known. A due plan that has reached its end (its charges made, or its end date
//     passed or before this cycle's date) is completed instead, never charged (plan-end.ts).
//  3. Charge: outside any transaction, through the same runNewCharge as "charge now" (pending ledger payment →
//     gateway call → outcome; a timeout leaves it "unknown" for the reconciler, never resent), then settle.
import { and, asc, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { appendAudit } from "../../../audit/audit-log";
import { billingPlanCharges, billingPlans, type BillingPlanChargeRow, type BillingPlanRow } from "../../../db/schema";
import { AppError } from "../../../errors";
import { logger as defaultLogger, type Logger } from "../../../log/logger";
import type { ServiceDeps } from "../../deps";
import { confirmationToken } from "../../payments/charge-guard";
import { runNewCharge } from "../../saved-cards/new-charge";
import { recurringChargeSpec, recurringFirstPayment } from "../recurring";
import type { RecurringInterface } from "@/lib/schemas/recurring";
import { todayInZone } from "@/lib/transactions/zoned-time";
import { completePlan, endReached } from "./plan-end";
import { planCycleDate } from "./schedule";
import { settleCharge, type SettleResult } from "./settle-charge";
import { PLAN_SCHEDULER_PRINCIPAL } from "./system-principal";

export interface PlanRunReport {
  /** Charges made in this pass, with the state their plan ended in. */
  charged: Array<{ planId: string; chargeId: string; orderId: string; result: SettleResult["state"] }>;
  /** In-flight charges of earlier passes settled now. */
  settled: Array<{ planId: string; chargeId: string; result: SettleResult["state"] }>;
  errors: Array<{ planId: string; message: string }>;
  /** Plans that were due but had reached their end: completed in this pass, not charged. */
  ended: string[];
}

export interface RunDueOptions {
  limit?: number;
  logger?: Logger;
}

/** Order id of an attempt: unique per (plan, cycle, attempt), the same on every pass that could make it. */
export function planChargeOrderId(planId: string, cycle: number, attempt: number): string {
  return `bp-${planId.replace(/-/g, "")}-${cycle}-${attempt}`;
}

export async function runDuePlans(deps: ServiceDeps, opts: RunDueOptions = {}): Promise<PlanRunReport> {
  const limit = opts.limit ?? 25;
  const log = opts.logger ?? defaultLogger;
  const report: PlanRunReport = { charged: [], settled: [], errors: [], ended: [] };

  const open = await deps.db
    .select({ id: billingPlans.id })
    .from(billingPlans)
    .where(isNotNull(billingPlans.inFlightChargeId))
    .orderBy(asc(billingPlans.updatedAt))
    .limit(limit * 8); // cheap checks; charges waiting for the reconciler must not crowd out claims to drive again
  for (const { id } of open) {
    try {
      const r = await settleCharge(deps, id, { skipLocked: true });
      if (r.state === "redrive") {
        log.warn("plans.redrive_claim", { planId: id, chargeId: r.charge.id });
        report.charged.push({
          planId: id,
          chargeId: r.charge.id,
          orderId: r.charge.orderId,
          result: await charge(deps, r.plan, r.charge, log),
        });
      } else if (r.state !== "open" && r.state !== "skipped") {
        report.settled.push({ planId: id, chargeId: r.charge.id, result: r.state });
      }
    } catch (e) {
      report.errors.push({ planId: id, message: e instanceof Error ? e.message : String(e) });
    }
  }

  const { claims, ended } = await claimDuePlans(deps, limit);
  report.ended.push(...ended);
  for (const claim of claims) {
    try {
      report.charged.push({
        planId: claim.plan.id,
        chargeId: claim.charge.id,
        orderId: claim.charge.orderId,
        result: await charge(deps, claim.plan, claim.charge, log),
      });
    } catch (e) {
      report.errors.push({ planId: claim.plan.id, message: e instanceof Error ? e.message : String(e) });
    }
  }
  for (const e of report.errors) log.error("plans.charge_failed", e);
  return report;
}

async function claimDuePlans(
  deps: ServiceDeps,
  limit: number,
): Promise<{ claims: Array<{ plan: BillingPlanRow; charge: BillingPlanChargeRow }>; ended: string[] }> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const due = await tx
      .select()
      .from(billingPlans)
      .where(and(eq(billingPlans.status, "active"), isNull(billingPlans.inFlightChargeId), lte(billingPlans.nextChargeAt, now)))
      .orderBy(asc(billingPlans.nextChargeAt), asc(billingPlans.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    const claims: Array<{ plan: BillingPlanRow; charge: BillingPlanChargeRow }> = [];
    const ended: string[] = [];
    const today = todayInZone(deps.config.reportTimeZone, now);
    for (const plan of due) {
      const ending = endReached(plan, plan.cycle, today);
      if (ending) {
        await completePlan(tx, plan, ending, now);
        ended.push(plan.id);
        continue;
      }
      // The attempt's number in its cycle: one more than any attempt made so far (plan.attempt counts the declines
      // since the last resume, for the retry policy; it starts again at 0 after a resume, this number never does).
      const [{ next }] = (await tx
        .select({ next: sql<number>`coalesce(max(${billingPlanCharges.attempt}) + 1, 0)::int` })
        .from(billingPlanCharges)
        .where(and(eq(billingPlanCharges.planId, plan.id), eq(billingPlanCharges.cycle, plan.cycle)))) as [{ next: number }];
      const attempt = Number(next);
      const orderId = planChargeOrderId(plan.id, plan.cycle, attempt);
      const [row] = await tx
        .insert(billingPlanCharges)
        .values({
          planId: plan.id,
          cycle: plan.cycle,
          attempt,
          cycleDate: planCycleDate(plan, plan.cycle),
          orderId,
          idempotencyKey: `plan_${plan.id}_cycle_${plan.cycle}_attempt_${attempt}`,
          amountMinor: plan.amountMinor,
          createdAt: now,
        })
        .returning();
      await tx.update(billingPlans).set({ inFlightChargeId: row!.id, updatedAt: now }).where(eq(billingPlans.id, plan.id));
      await appendAudit(tx, {
        actorId: PLAN_SCHEDULER_PRINCIPAL.userId,
        actorEmail: PLAN_SCHEDULER_PRINCIPAL.email,
        action: "billing_plan.charge.claim",
        targetType: "billing_plan",
        targetId: plan.id,
        at: now,
        summary: {
          chargeId: row!.id,
          orderId,
          cycle: plan.cycle,
          attempt,
          declinesSoFar: plan.attempt,
          amountMinor: plan.amountMinor,
          currency: plan.currency,
          cycleDate: row!.cycleDate,
        },
      });
      claims.push({ plan, charge: row! });
    }
    return { claims, ended };
  });
}

/** Make the claimed attempt (or find the payment an earlier pass made for it), then settle the plan. */
async function charge(deps: ServiceDeps, plan: BillingPlanRow, claim: BillingPlanChargeRow, log: Logger): Promise<SettleResult["state"]> {
  const first = await recurringFirstPayment(deps.db, plan.firstPaymentId);
  const spec = recurringChargeSpec(deps.gateway, first, {
    auditAction: "recurring.plan_charge",
    orderId: claim.orderId,
    // The amount claimed with the attempt: an edit of the plan made since never changes a charge in flight.
    amountMinor: claim.amountMinor,
    description: plan.description,
    interface: plan.interface as RecurringInterface,
    idempotencyKey: claim.idempotencyKey,
    transactionId: `bp-${claim.id}`,
  });
  try {
    // The plan's amount was confirmed by the person who created or last raised it (createPlan's and editPlan's
    // guardCharge); the maximum still applies to every charge.
    const chargeConfirmation = async () => confirmationToken(claim.amountMinor, plan.currency);
    await runNewCharge({ deps, principal: PLAN_SCHEDULER_PRINCIPAL, ip: null, chargeConfirmation }, spec);
  } catch (e) {
    // Another pass is making this very attempt right now (same order id): its outcome is settled by a later pass.
    if (!(e instanceof AppError && e.code === "in_flight")) throw e;
    log.info("plans.attempt_in_flight", { planId: plan.id, orderId: claim.orderId });
  }
  return (await settleCharge(deps, plan.id)).state;
}

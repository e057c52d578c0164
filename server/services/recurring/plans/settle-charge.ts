// What a plan does with the outcome of one of its charges, in one transaction with the plan row locked:
//   approved (authorized, captured, or later states) → the next cycle, on its date, attempt counter back to 0; or,
//     when that was the plan's last charge or the next date falls after its end date, the plan is completed
//     (plan-end.ts);
//   declined or failed → a retry after the configured delay (PLAN_RETRY_DELAYS: the n-th retry waits the n-th
//     delay after the previous attempt), and when the retries are used up the plan is paused with the reason;
//   pending or unknown (the gateway did not answer) → nothing: never retried blindly. The reconciler settles the
//     payment with the gateway; a later pass then moves the plan on.
import { eq } from "drizzle-orm";
import { keyedMessage, translateKeyedNested } from "@/lib/i18n/keyed-message";
import { appendAudit } from "../../../audit/audit-log";
import type { Tx } from "../../../db/client";
import { billingPlanCharges, billingPlans, type BillingPlanChargeRow, type BillingPlanRow, type PaymentRow } from "../../../db/schema";
import { findPaymentByOrderId } from "../../../ledger/payments";
import type { ServiceDeps } from "../../deps";
import { translatorFor } from "../../../i18n/translator";
import { PLAN_SCHEDULER_PRINCIPAL } from "./system-principal";
import { todayInZone } from "@/lib/transactions/zoned-time";
import { completePlan, endReached } from "./plan-end";
import { nextPlanCycleAfter, planCycleDate, startOfDate } from "./schedule";

/** A claim with no ledger payment after this long means the pass that claimed it died before the payment row. */
export const STALE_CLAIM_MS = 2 * 60_000;

export type SettleResult =
  | { state: "approved" | "declined" | "paused" | "recorded"; charge: BillingPlanChargeRow; payment: PaymentRow }
  | { state: "open"; charge: BillingPlanChargeRow; payment: PaymentRow | null }
  | { state: "redrive"; charge: BillingPlanChargeRow; plan: BillingPlanRow }
  | { state: "skipped" };

const APPROVED = new Set(["authorized", "captured", "partially_refunded", "refunded", "voided"]);
const REFUSED = new Set(["declined", "failed"]);

async function lockPlanRow(tx: Tx, id: string, skipLocked: boolean): Promise<BillingPlanRow | null> {
  const q = tx.select().from(billingPlans).where(eq(billingPlans.id, id));
  const [row] = await (skipLocked ? q.for("update", { skipLocked: true }) : q.for("update"));
  return row ?? null;
}

/** Apply the outcome of the plan's in-flight charge, if the outcome is known. */
const ENGLISH = { language: "en", digits: "latn" } as const;

export async function settleCharge(deps: ServiceDeps, planId: string, opts: { skipLocked?: boolean } = {}): Promise<SettleResult> {
  return deps.db.transaction(async (tx) => {
    const plan = await lockPlanRow(tx, planId, opts.skipLocked ?? false);
    if (!plan?.inFlightChargeId) return { state: "skipped" } as const;
    const [charge] = await tx.select().from(billingPlanCharges).where(eq(billingPlanCharges.id, plan.inFlightChargeId));
    if (!charge) return { state: "skipped" } as const;
    const now = deps.now();
    const payment = await findPaymentByOrderId(tx, charge.orderId);
    if (!payment) {
      const stale = now.getTime() - charge.createdAt.getTime() >= STALE_CLAIM_MS;
      return stale ? ({ state: "redrive", charge, plan } as const) : ({ state: "open", charge, payment: null } as const);
    }
    const audit = (action: string, summary: Record<string, unknown>) =>
      appendAudit(tx, {
        actorId: PLAN_SCHEDULER_PRINCIPAL.userId,
        actorEmail: PLAN_SCHEDULER_PRINCIPAL.email,
        action,
        targetType: "billing_plan",
        targetId: plan.id,
        at: now,
        summary: {
          chargeId: charge.id,
          paymentId: payment.id,
          orderId: charge.orderId,
          cycle: charge.cycle,
          attempt: charge.attempt,
          ...summary,
        },
      });

    if (!APPROVED.has(payment.status) && !REFUSED.has(payment.status)) {
      // pending / unknown / awaiting_3ds: the outcome is not known; the charge waits for the reconciler.
      const [open] = await tx
        .update(billingPlanCharges)
        .set({ paymentId: payment.id, outcome: payment.status === "pending" ? "claimed" : "unknown" })
        .where(eq(billingPlanCharges.id, charge.id))
        .returning();
      return { state: "open", charge: open!, payment } as const;
    }

    if (APPROVED.has(payment.status)) {
      const zone = deps.config.reportTimeZone;
      const nextCycle = nextPlanCycleAfter(plan, plan.cycle, now, zone);
      const chargesMade = plan.chargesMade + 1;
      const [done] = await tx
        .update(billingPlanCharges)
        .set({ paymentId: payment.id, outcome: "approved", resolvedAt: now })
        .where(eq(billingPlanCharges.id, charge.id))
        .returning();
      await tx
        .update(billingPlans)
        .set({
          cycle: nextCycle,
          attempt: 0,
          chargesMade,
          nextChargeAt: startOfDate(planCycleDate(plan, nextCycle), zone),
          inFlightChargeId: null,
          lastChargeId: charge.id,
          updatedAt: now,
        })
        .where(eq(billingPlans.id, plan.id));
      await audit("billing_plan.charge.approved", {
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        nextCycle,
        nextChargeDate: planCycleDate(plan, nextCycle),
        chargesMade,
      });
      // That was the last charge, or the next one would fall after the end date: the plan ends here (a cancelled
      // plan stays cancelled).
      const ending = endReached({ ...plan, chargesMade }, nextCycle, todayInZone(zone, now));
      if (ending && (plan.status === "active" || plan.status === "paused")) await completePlan(tx, plan, ending, now, { chargesMade });
      return { state: "approved", charge: done!, payment } as const;
    }

    // Declined or failed: retry per policy while the plan is active; pause when the retries are used up.
    const attempt = plan.attempt + 1;
    const delays = deps.config.plans.retryDelaysMs;
    // The dashboard's own words are stored as keyed messages (recurring.plans.reasons): the plans page says them in the
    // reader's language. The gateway's own words are kept as they came.
    const reason = payment.declineReason ?? (payment.status === "failed" ? "chargeRefused" : "chargeDeclined");
    const retryAt = plan.status === "active" && attempt <= delays.length ? new Date(now.getTime() + delays[attempt - 1]!) : null;
    const pause = plan.status === "active" && retryAt === null;
    const [done] = await tx
      .update(billingPlanCharges)
      .set({ paymentId: payment.id, outcome: payment.status, declineReason: reason, nextRetryAt: retryAt, resolvedAt: now })
      .where(eq(billingPlanCharges.id, charge.id))
      .returning();
    const pauseReason = keyedMessage("retriesUsedUp", { attempts: attempt, reason });
    await tx
      .update(billingPlans)
      .set({
        attempt,
        inFlightChargeId: null,
        lastChargeId: charge.id,
        updatedAt: now,
        ...(retryAt ? { nextChargeAt: retryAt } : {}),
        ...(pause ? { status: "paused", pauseReason } : {}),
      })
      .where(eq(billingPlans.id, plan.id));
    // The audit log keeps plain English, as it does for every other reason.
    const inEnglish = (text: string) => translateKeyedNested(translatorFor(ENGLISH, "recurring.plans.reasons"), text);
    await audit(`billing_plan.charge.${payment.status}`, {
      reason: inEnglish(reason),
      retryAt,
      retriesLeft: Math.max(0, delays.length - attempt),
    });
    if (pause) await audit("billing_plan.pause", { from: "active", to: "paused", reason: inEnglish(pauseReason), source: "retry_policy" });
    return { state: pause ? "paused" : retryAt ? "declined" : "recorded", charge: done!, payment } as const;
  });
}

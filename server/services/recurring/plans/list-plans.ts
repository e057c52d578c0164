// The plans page's data: every plan with its customer, card, next charge date and last result; the upcoming
// charges (active plans by next attempt, retries marked); and the failed charges (declined or refused attempts
// with the reason and when the next retry is due, or that the plan was paused).
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { PlanInterval, PlanStatus } from "@/lib/schemas/billing-plans";
import { billingPlanCharges, billingPlans, payments } from "../../../db/schema";
import type { ServiceContext } from "../../deps";
import { requirePermission } from "../../require-permission";
import { planCycleDate } from "./schedule";

export interface PlanChargeView {
  id: string;
  planId: string;
  cycle: number;
  attempt: number;
  cycleDate: string;
  orderId: string;
  paymentId: string | null;
  outcome: string;
  reason: string | null;
  nextRetryAt: string | null;
  at: string;
}

export interface PlanView {
  id: string;
  status: PlanStatus;
  pauseReason: string | null;
  amountMinor: number;
  currency: string;
  interval: PlanInterval;
  description: string;
  interface: string;
  anchorDate: string;
  cycle: number;
  /** The date of the cycle charged next (YYYY-MM-DD, a day of the business zone). */
  nextChargeDate: string;
  /** The last day a charge may be made (YYYY-MM-DD, business zone), or null. */
  endDate: string | null;
  /** The plan's total number of charges, or null. */
  maxCharges: number | null;
  /** Approved charges so far. */
  chargesMade: number;
  /** When the scheduler next tries: the cycle's date, or a retry. */
  nextAttemptAt: string;
  /** Declined attempts in the current cycle. */
  attempt: number;
  retriesAllowed: number;
  inFlight: PlanChargeView | null;
  lastCharge: PlanChargeView | null;
  customer: {
    email: string | null;
    name: string | null;
    cardBrand: string | null;
    cardLast4: string | null;
    firstPaymentId: string;
    firstOrderId: string;
  };
  createdAt: string;
}

export interface PlansOverview {
  plans: PlanView[];
  upcoming: PlanView[];
  failed: Array<PlanChargeView & { plan: Pick<PlanView, "id" | "status" | "amountMinor" | "currency" | "description" | "customer"> }>;
}

function chargeView(c: typeof billingPlanCharges.$inferSelect): PlanChargeView {
  return {
    id: c.id,
    planId: c.planId,
    cycle: c.cycle,
    attempt: c.attempt,
    cycleDate: c.cycleDate,
    orderId: c.orderId,
    paymentId: c.paymentId,
    outcome: c.outcome,
    reason: c.declineReason,
    nextRetryAt: c.nextRetryAt?.toISOString() ?? null,
    at: (c.resolvedAt ?? c.createdAt).toISOString(),
  };
}

export async function listPlans(ctx: ServiceContext, opts: { status?: PlanStatus; limit?: number } = {}): Promise<PlansOverview> {
  const { deps, principal } = ctx;
  requirePermission(principal, "RECURRING_CHARGE");
  const rows = await deps.db
    .select({
      plan: billingPlans,
      first: {
        email: payments.payerEmail,
        name: payments.payerName,
        cardBrand: payments.cardBrand,
        cardLast4: payments.cardLast4,
        orderId: payments.orderId,
      },
    })
    .from(billingPlans)
    .innerJoin(payments, eq(payments.id, billingPlans.firstPaymentId))
    .where(opts.status ? eq(billingPlans.status, opts.status) : undefined)
    .orderBy(desc(billingPlans.createdAt), desc(billingPlans.id))
    .limit(opts.limit ?? 500);
  const chargeIds = rows.flatMap((r) => [r.plan.inFlightChargeId, r.plan.lastChargeId]).filter((x): x is string => !!x);
  const charges = chargeIds.length ? await deps.db.select().from(billingPlanCharges).where(inArray(billingPlanCharges.id, chargeIds)) : [];
  const byId = new Map(charges.map((c) => [c.id, chargeView(c)]));
  const plans: PlanView[] = rows.map(({ plan: p, first }) => ({
    id: p.id,
    status: p.status as PlanStatus,
    pauseReason: p.pauseReason,
    amountMinor: p.amountMinor,
    currency: p.currency,
    interval: p.interval as PlanInterval,
    description: p.description,
    interface: p.interface,
    anchorDate: p.anchorDate,
    cycle: p.cycle,
    nextChargeDate: planCycleDate(p, p.cycle),
    endDate: p.endDate,
    maxCharges: p.maxCharges,
    chargesMade: p.chargesMade,
    nextAttemptAt: p.nextChargeAt.toISOString(),
    attempt: p.attempt,
    retriesAllowed: deps.config.plans.retryDelaysMs.length,
    inFlight: p.inFlightChargeId ? (byId.get(p.inFlightChargeId) ?? null) : null,
    lastCharge: p.lastChargeId ? (byId.get(p.lastChargeId) ?? null) : null,
    customer: {
      email: first.email,
      name: first.name,
      cardBrand: first.cardBrand,
      cardLast4: first.cardLast4,
      firstPaymentId: p.firstPaymentId,
      firstOrderId: first.orderId,
    },
    createdAt: p.createdAt.toISOString(),
  }));
  const upcoming = plans.filter((p) => p.status === "active").sort((a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt));

  const failedRows = await deps.db
    .select({ charge: billingPlanCharges, planId: billingPlans.id })
    .from(billingPlanCharges)
    .innerJoin(billingPlans, eq(billingPlans.id, billingPlanCharges.planId))
    .where(and(inArray(billingPlanCharges.outcome, ["declined", "failed"])))
    .orderBy(desc(billingPlanCharges.createdAt), asc(billingPlanCharges.id))
    .limit(100);
  const planById = new Map(plans.map((p) => [p.id, p]));
  const failed = failedRows
    .map((r) => ({ c: chargeView(r.charge), p: planById.get(r.planId) }))
    .filter((x): x is { c: PlanChargeView; p: PlanView } => !!x.p)
    .map(({ c, p }) => ({
      ...c,
      plan: {
        id: p.id,
        status: p.status,
        amountMinor: p.amountMinor,
        currency: p.currency,
        description: p.description,
        customer: p.customer,
      },
    }));
  return { plans, upcoming, failed };
}

// Create a billing plan on a recurring token: amount in the first payment's currency, interval, first charge date
// (today or later, in the business zone), description, interface (v2 by default), and optionally its end: a last
// charge date (a day of the business zone, not before the first charge) or a number of charges, never both. One live plan per token (the database's partial
// unique index holds it against a double submit). Written with its audit row in one transaction; the scheduler
// makes the charges.
import { createPlanSchema, type CreatePlanInput } from "@/lib/schemas/billing-plans";
import { todayInZone } from "@/lib/transactions/zoned-time";
import { appendAudit } from "../../../audit/audit-log";
import { isUniqueViolation } from "../../../db/errors";
import { billingPlans, type BillingPlanRow } from "../../../db/schema";
import { AppError } from "../../../errors";
import type { ServiceContext } from "../../deps";
import { cardLabel } from "@/lib/card-label";
import { amountInCurrency, requireGatewayAmount } from "../../payments/amount";
import { guardCharge } from "../../payments/charge-guard";
import { requirePermission } from "../../require-permission";
import { recurringFirstPayment, requireWholeUnitsForForm } from "../recurring";
import { startOfDate } from "./schedule";
import { vmsg } from "@/lib/schemas/messages";

export function invalid(issues: Array<{ path: PropertyKey[]; message: string }>): AppError {
  const fields: Record<string, string[]> = {};
  for (const i of issues) (fields[i.path.join(".") || "body"] ??= []).push(i.message);
  return new AppError("invalid_request", issues[0] ? { validation: issues[0].message } : "recurring.requestInvalid", fields);
}

export async function createPlan(ctx: ServiceContext, raw: CreatePlanInput): Promise<BillingPlanRow> {
  const { deps, principal, ip } = ctx;
  requirePermission(principal, "RECURRING_CHARGE");
  const parsed = createPlanSchema.safeParse(raw);
  if (!parsed.success) throw invalid(parsed.error.issues);
  const input = parsed.data;
  const now = deps.now();
  if (input.firstChargeDate < todayInZone(deps.config.reportTimeZone, now)) {
    throw invalid([{ path: ["firstChargeDate"], message: vmsg("plans.firstChargeInPast") }]);
  }
  const first = await recurringFirstPayment(deps.db, input.firstPaymentId);
  const amountMinor = amountInCurrency(input.amount, first.currency);
  // Refused now rather than at every scheduled charge.
  requireGatewayAmount(deps, amountMinor, first.currency);
  const iface = input.interface ?? deps.config.plans.defaultInterface;
  requireWholeUnitsForForm(iface, amountMinor, first.currency);
  // Every charge of the plan is made without the customer present: a large amount is confirmed once, here.
  const { largeChargeConfirmed } = await guardCharge(ctx, {
    minor: amountMinor,
    currency: first.currency,
    card: cardLabel({ brand: first.cardBrand, last4: first.cardLast4 }),
  });
  try {
    return await deps.db.transaction(async (tx) => {
      const [plan] = await tx
        .insert(billingPlans)
        .values({
          firstPaymentId: first.id,
          amountMinor,
          currency: first.currency,
          interval: input.interval,
          anchorDate: input.firstChargeDate,
          description: input.description,
          interface: iface,
          status: "active",
          nextChargeAt: startOfDate(input.firstChargeDate, deps.config.reportTimeZone),
          endDate: input.endDate ?? null,
          maxCharges: input.cycles ?? null,
          createdBy: principal.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await appendAudit(tx, {
        actorId: principal.userId,
        actorEmail: principal.email,
        ip,
        action: "billing_plan.create",
        targetType: "billing_plan",
        targetId: plan!.id,
        at: now,
        summary: {
          firstPaymentId: first.id,
          amountMinor,
          currency: first.currency,
          interval: input.interval,
          firstChargeDate: input.firstChargeDate,
          interface: iface,
          endDate: input.endDate ?? null,
          maxCharges: input.cycles ?? null,
          ...(largeChargeConfirmed ? { largeChargeConfirmed } : {}),
        },
      });
      return plan!;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("conflict", "recurring.tokenHasPlan");
    throw e;
  }
}

// Refund a captured payment, in full or in part. The refundable balance (captured − refunded − refunds still
// open) is checked with the payment row locked, so concurrent requests can never refund more than was captured.
// When the payment's refunds together (already refunded + still open, pending approval included + this one) pass
// the currency's approval threshold, the refund waits for a second person (approve-refund.ts): splitting a large
// refund into small ones does not avoid the approver, and a currency without a threshold always needs one. Those
// who may approve it are mailed when it is held (approver-notice.ts).
import type { RefundInput } from "@/lib/schemas/payment-actions";
import { AppError, type ErrorMessage } from "../../errors";
import type { ServiceContext, ServiceDeps } from "../deps";
import { requirePermission } from "../require-permission";
import { amountInCurrency, showAmount } from "../payments/amount";
import { runMoneyAction, type MoneyActionResult } from "../payments/money-action";
import { refundableMinor } from "../payments/open-actions";
import { mailRefundApprovers } from "./approver-notice";
import { refundGateway, refundMethod } from "./refund-gateway";
import { vmsg } from "@/lib/schemas/messages";

export async function requestRefund(
  ctx: ServiceContext,
  input: { paymentId: string; amount: string; reasonCode: string; note: string; idempotencyKey: string } & Partial<RefundInput>,
): Promise<MoneyActionResult> {
  requirePermission(ctx.principal, "REFUNDS_CREATE");
  const { deps } = ctx;
  const reasons = deps.config.refunds.reasons;
  if (!reasons.includes(input.reasonCode)) {
    throw new AppError("invalid_request", "refunds.chooseReason", { reasonCode: [vmsg("refund.oneOf", { reasons: reasons.join(", ") })] });
  }
  return runMoneyAction(ctx, {
    ...refundGateway(deps),
    onAwaitingApproval: async (tx, payment, action) => {
      await mailRefundApprovers(tx, deps, ctx.principal, payment, action);
    },
    paymentId: input.paymentId,
    idempotencyKey: input.idempotencyKey,
    request: { amount: input.amount, reasonCode: input.reasonCode, note: input.note },
    async plan(payment, tx) {
      if (payment.status !== "captured" && payment.status !== "partially_refunded") {
        throw new AppError("conflict", "refunds.onlyCaptured");
      }
      const amountMinor = amountInCurrency(input.amount, payment.currency);
      const available = await refundableMinor(tx, payment);
      if (amountMinor > available) {
        const msg: ErrorMessage =
          available === 0
            ? "refunds.nothingLeft"
            : ["refunds.overBalance", { amount: { money: { minor: available, currency: payment.currency } } }];
        // The balance as the server counts it now, so an open dialog replaces the one it showed (same error shape:
        // a field entry no form field bears, read by the refund dialog).
        throw new AppError("unprocessable", msg, {
          amount: [vmsg("amount.atMost", { amount: showAmount(available, payment.currency) })],
          refundableMinor: [String(available)],
        });
      }
      if (!payment.gatewayId) throw new AppError("conflict", "payments.noGatewayId");
      const reserved = payment.capturedMinor - payment.refundedMinor - available;
      return {
        amountMinor,
        method: refundMethod(payment, amountMinor, reserved),
        reasonCode: input.reasonCode,
        note: input.note || null,
        needsApproval: needsSecondPerson(deps, payment.currency, payment.refundedMinor + reserved + amountMinor),
      };
    },
  });
}

/** Threshold rule on the payment's cumulative refunds; a currency with no configured threshold needs approval. */
export function needsSecondPerson(deps: Pick<ServiceDeps, "config">, currency: string, cumulativeMinor: number): boolean {
  const threshold: number | undefined =
    deps.config.refunds.approvalThresholdMinor[currency as keyof typeof deps.config.refunds.approvalThresholdMinor];
  return threshold === undefined || cumulativeMinor > threshold;
}

// Capture an authorized payment, in full or in part, once (contract 4.3; section 3).
import type { CaptureInput } from "@/lib/schemas/payment-actions";
import { money, type CurrencyCode } from "@/lib/money";
import type { CaptureResponse } from "../../gateway/operations/capture";
import { AppError } from "../../errors";
import type { ServiceContext } from "../deps";
import { requirePermission } from "../require-permission";
import { amountInCurrency, showAmount } from "./amount";
import { hashInputsOf } from "./card-of";
import { runMoneyAction, type MoneyActionResult } from "./money-action";
import { actionsOf } from "./open-actions";
import { vmsg } from "@/lib/schemas/messages";

export async function capturePayment(ctx: ServiceContext, input: { paymentId: string } & CaptureInput): Promise<MoneyActionResult> {
  requirePermission(ctx.principal, "CAPTURES_CREATE");
  const { deps } = ctx;
  return runMoneyAction(ctx, {
    type: "capture",
    paymentId: input.paymentId,
    idempotencyKey: input.idempotencyKey,
    request: { amount: input.amount },
    async plan(payment, tx) {
      if (payment.status !== "authorized") throw new AppError("conflict", "payments.onlyAuthorizedCapture");
      const amountMinor = amountInCurrency(input.amount, payment.currency);
      if (amountMinor > payment.authorizedMinor) {
        throw new AppError(
          "unprocessable",
          ["payments.overAuthorized", { amount: { money: { minor: payment.authorizedMinor, currency: payment.currency } } }],
          {
            amount: [vmsg("amount.atMost", { amount: showAmount(payment.authorizedMinor, payment.currency) })],
          },
        );
      }
      const open = await actionsOf(tx, payment.id, ["in_flight", "unknown", "succeeded", "pending_approval"]);
      if (open.some((a) => a.type === "capture" || a.type === "void")) {
        throw new AppError("conflict", "payments.alreadyCapturedOrVoided");
      }
      hashInputsOf(payment);
      return { amountMinor };
    },
    send(payment, action) {
      return deps.gateway.capture({
        transId: payment.gatewayId!,
        amount: money(action.amountMinor, payment.currency as CurrencyCode),
        ...hashInputsOf(payment),
      });
    },
    // The capture answer carries the acquirer's RRN (contract 2.3): kept for search and settlement matching.
    onSuccess: (_payment, action, data) => {
      const rrn = (data as CaptureResponse | undefined)?.rrn?.trim();
      return { status: "captured", capturedMinor: action.amountMinor, ...(rrn ? { rrn } : {}) };
    },
  });
}

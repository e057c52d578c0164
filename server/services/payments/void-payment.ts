// Void (release) an authorization before capture (protocol family VOID; after a capture, money goes back by refund).
import type { VoidInput } from "@/lib/schemas/payment-actions";
import { AppError } from "../../errors";
import type { ServiceContext } from "../deps";
import { requirePermission } from "../require-permission";
import { hashInputsOf } from "./card-of";
import { runMoneyAction, type MoneyActionResult } from "./money-action";
import { actionsOf } from "./open-actions";

export async function voidPayment(ctx: ServiceContext, input: { paymentId: string } & VoidInput): Promise<MoneyActionResult> {
  requirePermission(ctx.principal, "VOIDS_CREATE");
  const { deps } = ctx;
  return runMoneyAction(ctx, {
    type: "void",
    paymentId: input.paymentId,
    idempotencyKey: input.idempotencyKey,
    request: {},
    async plan(payment, tx) {
      if (payment.status !== "authorized") throw new AppError("conflict", "payments.onlyUncapturedVoid");
      const open = await actionsOf(tx, payment.id, ["in_flight", "unknown", "succeeded"]);
      if (open.some((a) => a.type === "capture" || a.type === "void")) {
        throw new AppError("conflict", "payments.captureOrVoidPending");
      }
      hashInputsOf(payment);
      return { amountMinor: payment.authorizedMinor };
    },
    send(payment) {
      return deps.gateway.voidAuthorization({ transId: payment.gatewayId!, ...hashInputsOf(payment) });
    },
    onSuccess: () => ({ status: "voided" }),
  });
}

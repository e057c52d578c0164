// A second person approves (then the gateway is called) or rejects (the reserved amount is released) a refund
// that was above the approval threshold. The approver holds REFUNDS_APPROVE (checked here, not only by the route)
// and may not be the requester nor linked to them (four-eyes.ts: a second identity made for the purpose).
import { and, eq } from "drizzle-orm";
import type { Principal } from "../../auth/principal";
import { requireFreshFactor } from "../../auth/step-up";
import { appendAudit } from "../../audit/audit-log";
import { paymentActions } from "../../db/schema";
import { AppError } from "../../errors";
import { lockPayment } from "../../ledger/payments";
import type { ServiceContext, ServiceDeps } from "../deps";
import { requirePermission } from "../require-permission";
import { sendAndRecord, type MoneyActionResult } from "../payments/money-action";
import { refundGateway } from "./refund-gateway";
import { fourEyesRefusal } from "./four-eyes";
import { rejectionSchema } from "@/lib/schemas/payment-actions";
import { vmsg } from "@/lib/schemas/messages";

async function decide(
  deps: ServiceDeps,
  approver: Principal,
  actionId: string,
  decision: "approve" | "reject",
  note: string,
  ip: string | null,
) {
  return deps.db.transaction(async (tx) => {
    const [found] = await tx.select().from(paymentActions).where(eq(paymentActions.id, actionId)).limit(1);
    if (!found || found.type !== "refund") throw new AppError("not_found", "refunds.notFound");
    const payment = await lockPayment(tx, found.paymentId); // lock order: payment, then its action
    const [action] = await tx.select().from(paymentActions).where(eq(paymentActions.id, actionId)).for("update").limit(1);
    if (!action || action.state !== "pending_approval") throw new AppError("conflict", "refunds.notWaiting");
    if (action.requestedBy === approver.userId) throw new AppError("forbidden", "refunds.fourEyes");
    const now = deps.now();
    if (decision === "approve" && action.requestedBy) {
      const refusal = await fourEyesRefusal(tx, {
        approverId: approver.userId,
        requesterId: action.requestedBy,
        linkDays: deps.config.refunds.fourEyesLinkDays,
        now,
      });
      if (refusal) throw new AppError("forbidden", refusal);
    }
    const [updated] = await tx
      .update(paymentActions)
      .set(
        decision === "approve"
          ? { state: "in_flight", approvedBy: approver.userId, updatedAt: now }
          : {
              state: "rejected",
              approvedBy: approver.userId,
              outcomeMessage: note || "Rejected by the approver.",
              updatedAt: now,
              completedAt: now,
            },
      )
      .where(and(eq(paymentActions.id, action.id), eq(paymentActions.state, "pending_approval")))
      .returning();
    await appendAudit(tx, {
      actorId: approver.userId,
      actorEmail: approver.email,
      ip,
      action: decision === "approve" ? "refund.approve" : "refund.reject",
      targetType: "payment",
      targetId: payment!.id,
      summary: { actionId: action.id, amountMinor: action.amountMinor, currency: action.currency, note: note || null },
    });
    return { action: updated!, payment: payment! };
  });
}

export async function approveRefund(ctx: ServiceContext, input: { actionId: string; note: string }): Promise<MoneyActionResult> {
  const { deps, principal: approver, ip } = ctx;
  requirePermission(approver, "REFUNDS_APPROVE");
  requireFreshFactor(approver);
  const decided = await decide(deps, approver, input.actionId, "approve", input.note, ip);
  return sendAndRecord(ctx, refundGateway(deps), decided);
}

export async function rejectRefund(ctx: ServiceContext, input: { actionId: string; note: string }): Promise<MoneyActionResult> {
  const { deps, principal: approver, ip } = ctx;
  requirePermission(approver, "REFUNDS_APPROVE");
  // A decision like approving: someone at an unattended session must not be able to turn refunds away either.
  requireFreshFactor(approver);
  // The requester is told why (the timeline, the Refunds list): a rejection without a reason is refused here too.
  const parsed = rejectionSchema.safeParse({ note: input.note });
  if (!parsed.success) throw new AppError("invalid_request", "refunds.rejectReasonNeeded", { note: [vmsg("refund.rejectReason")] });
  const { action, payment } = await decide(deps, approver, input.actionId, "reject", parsed.data.note, ip);
  return { action, payment, replayed: false };
}

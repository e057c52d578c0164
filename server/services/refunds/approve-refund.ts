// A second person approves (then the gateway is called) or rejects (the reserved amount is released) a refund
// that was above the approval threshold. The approver may not be the requester.
import { and, eq } from "drizzle-orm";
import type { Principal } from "../../auth/principal";
import { requireFreshFactor } from "../../auth/step-up";
import { appendAudit } from "../../audit/audit-log";
import { paymentActions } from "../../db/schema";
import { AppError } from "../../http/errors";
import { lockPayment } from "../../ledger/payments";
import type { ServiceDeps } from "../deps";
import { sendAndRecord, type MoneyActionResult } from "../payments/money-action";
import { refundGateway } from "./refund-gateway";

async function decide(deps: ServiceDeps, approver: Principal, actionId: string, decision: "approve" | "reject", note: string, ip: string | null) {
  return deps.db.transaction(async (tx) => {
    const [found] = await tx.select().from(paymentActions).where(eq(paymentActions.id, actionId)).limit(1);
    if (!found || found.type !== "refund") throw new AppError("not_found", "This refund does not exist.");
    const payment = await lockPayment(tx, found.paymentId); // lock order: payment, then its action
    const [action] = await tx.select().from(paymentActions).where(eq(paymentActions.id, actionId)).for("update").limit(1);
    if (!action || action.state !== "pending_approval") throw new AppError("conflict", "This refund is no longer waiting for approval.");
    if (action.requestedBy === approver.userId) throw new AppError("forbidden", "A refund must be approved by someone other than the person who requested it.");
    const now = deps.now();
    const [updated] = await tx
      .update(paymentActions)
      .set(
        decision === "approve"
          ? { state: "in_flight", approvedBy: approver.userId, updatedAt: now }
          : { state: "rejected", approvedBy: approver.userId, outcomeMessage: note || "Rejected by the approver.", updatedAt: now, completedAt: now },
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

export async function approveRefund(deps: ServiceDeps, approver: Principal, actionId: string, note: string, ip: string | null): Promise<MoneyActionResult> {
  requireFreshFactor(approver);
  const { action, payment } = await decide(deps, approver, actionId, "approve", note, ip);
  return sendAndRecord(deps, refundGateway(deps), payment, action, approver, ip);
}

export async function rejectRefund(deps: ServiceDeps, approver: Principal, actionId: string, note: string, ip: string | null): Promise<MoneyActionResult> {
  const { action, payment } = await decide(deps, approver, actionId, "reject", note, ip);
  return { action, payment, replayed: false };
}

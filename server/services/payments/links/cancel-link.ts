// Cancel a payment link that is not paid. The gateway has no call to close a hosted checkout session (contract
// 4.9 only creates one), so the dashboard closes it in its own ledger: the link is marked cancelled and its payment
// moves to "failed", a terminal state, so a later notification or status query that reports it paid can no
// longer complete it (canMove refuses; the payment's page then shows the gateway's disagreement to staff).
// The gateway is asked first (when it knows the payment), so a link paid a moment ago is not cancelled.
import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { linkStatus } from "@/lib/payment-link-status";
import { todayInZone } from "@/lib/transactions/zoned-time";
import { appendAudit } from "../../../audit/audit-log";
import { paymentLinks, payments } from "../../../db/schema";
import { AppError } from "../../../errors";
import { findPayment, lockPayment } from "../../../ledger/payments";
import type { ServiceContext } from "../../deps";
import { requirePermission } from "../../require-permission";
import { syncPayment } from "../../sync/sync-payment";
import { dbLinkStore } from "./link-store";

/** States in which no money moved and the customer could still pay: the same set a new link attempt may leave. */
const OPEN_STATES = ["pending", "awaiting_3ds", "unknown", "declined"];

export interface CancelledLinkView {
  paymentId: string;
  orderId: string;
  cancelledAt: string;
}

export async function cancelPaymentLink(ctx: ServiceContext, input: { paymentId: string }): Promise<CancelledLinkView> {
  const { deps, principal, ip } = ctx;
  requirePermission(principal, "PAYMENTS_CREATE");
  const before = await findPayment(deps.db, input.paymentId);
  if (!before || before.kind !== "payment_link") throw new AppError("not_found", "links.notFound");
  // Best effort: a gateway that does not answer does not block the cancel (the ledger closes the link either way).
  if (before.gatewayId)
    await syncPayment(deps, before.id, { source: "user", actor: { userId: principal.userId, email: principal.email }, ip });

  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const p = await lockPayment(tx, input.paymentId);
    const link = await dbLinkStore.find(tx, input.paymentId);
    if (!p || !link) throw new AppError("not_found", "links.notFound");
    if (link.cancelledAt) throw new AppError("conflict", "links.alreadyCancelled");
    const status = linkStatus(p.status, link.expireDate, todayInZone(deps.config.reportTimeZone, now), false);
    if (status === "paid") throw new AppError("conflict", "links.paid");
    if (!OPEN_STATES.includes(p.status) || p.authorizedMinor > 0 || p.capturedMinor > 0) {
      throw new AppError("conflict", "links.cannotCancel");
    }
    const reason = "The payment link was cancelled by staff; it can no longer be paid.";
    // A direct write rather than advancePayment: "declined" (a failed attempt on a link the customer could retry)
    // may also close here; the WHERE repeats the checks so that a concurrent payment wins.
    const closed = await tx
      .update(payments)
      .set({ status: "failed", declineReason: reason, updatedAt: now })
      .where(
        and(eq(payments.id, p.id), inArray(payments.status, OPEN_STATES), eq(payments.authorizedMinor, 0), eq(payments.capturedMinor, 0)),
      )
      .returning({ id: payments.id });
    if (!closed.length) throw new AppError("conflict", "links.cannotCancel");
    await tx
      .update(paymentLinks)
      .set({ cancelledAt: now, cancelledBy: principal.userId })
      .where(and(eq(paymentLinks.paymentId, p.id), isNull(paymentLinks.cancelledAt)));
    await appendAudit(tx, {
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      action: "payment_link.cancel",
      targetType: "payment",
      targetId: p.id,
      at: now,
      summary: { orderId: p.orderId, previousStatus: p.status },
    });
    return { paymentId: p.id, orderId: p.orderId, cancelledAt: now.toISOString() };
  });
}

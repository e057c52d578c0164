// The back office's two queues: authorizations waiting for capture (the one expiring soonest first, with its expiry
// from the brand's hold period, AUTH_HOLD_DAYS), and refunds waiting for approval (the oldest first; the history of
// the others is server/services/refunds/refund-history.ts). Read for the signed-in person, who must hold the
// permission of the queue.
import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { authorizationExpiry } from "../../auth-hold-config";
import { paymentActions, payments, users } from "../../db/schema";
import { AppError } from "../../errors";
import type { ServiceContext, ServiceDeps } from "../deps";
import { requirePermission } from "../require-permission";

export async function authorizationsToCapture(
  ctx: ServiceContext<Pick<ServiceDeps, "db" | "config">>,
  { limit = 200 }: { limit?: number } = {},
) {
  requirePermission(ctx.principal, "CAPTURES_CREATE");
  const { db, config } = ctx.deps;
  const rows = await db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      payerName: payments.payerName,
      payerEmail: payments.payerEmail,
      authorizedMinor: payments.authorizedMinor,
      currency: payments.currency,
      cardLast4: payments.cardLast4,
      cardBrand: payments.cardBrand,
      createdAt: payments.createdAt,
      capturing: sql<boolean>`exists (select 1 from payment_actions a where a.payment_id = ${payments.id} and a.type in ('capture', 'void') and a.state in ('in_flight', 'unknown'))`,
    })
    .from(payments)
    .where(eq(payments.status, "authorized"))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(limit);
  // The ledger's authorization time plus the brand's hold period; the one the issuer releases first comes first
  // (for one hold period, the oldest first).
  return rows
    .map((r) => ({ ...r, expiresAt: authorizationExpiry(config.authHold, r.cardBrand, r.createdAt) }))
    .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime());
}

export async function refundsQueue(ctx: ServiceContext<Pick<ServiceDeps, "db">>) {
  const can = ctx.principal.permissions;
  if (!can.has("REFUNDS_CREATE") && !can.has("REFUNDS_APPROVE")) throw new AppError("forbidden", "auth.forbidden");
  const requester = alias(users, "requester");
  const pending = await ctx.deps.db
    .select({
      id: paymentActions.id,
      paymentId: paymentActions.paymentId,
      orderId: payments.orderId,
      amountMinor: paymentActions.amountMinor,
      currency: paymentActions.currency,
      reasonCode: paymentActions.reasonCode,
      note: paymentActions.note,
      requestedBy: requester.name,
      requestedById: paymentActions.requestedBy,
      createdAt: paymentActions.createdAt,
    })
    .from(paymentActions)
    .innerJoin(payments, eq(payments.id, paymentActions.paymentId))
    .innerJoin(requester, eq(requester.id, paymentActions.requestedBy))
    .where(and(eq(paymentActions.type, "refund"), eq(paymentActions.state, "pending_approval")))
    .orderBy(asc(paymentActions.createdAt));
  return { pending };
}

// A new payment (card sale, saved-card sale, recurring charge) is "pending" only while its one gateway call is in
// flight. One still pending long after any answer could have come means its process died between the call and
// the record: the gateway may have taken the money. It becomes "unknown" (never "failed"): the status query settles
// it when the gateway's id is known, the gateway's notification otherwise, and a repeated request answers with that
// state instead of "still being processed" forever. Payment links are left alone: theirs waits for the customer.
import "server-only";
import { and, eq, inArray, lt } from "drizzle-orm";
import { appendAudit } from "../../audit/audit-log";
import { payments } from "../../db/schema";
import type { ServiceDeps } from "../deps";
import { unknownOutcomeGraceMs } from "../payments/money-action";

/** Kinds whose "pending" means "our gateway call is in flight". */
export const NEW_PAYMENT_KINDS = ["sale", "s2s_sale", "token_sale", "recurring"] as const;

export async function expireStrandedPayments(deps: ServiceDeps, limit = 100): Promise<number> {
  const now = deps.now();
  const cutoff = new Date(now.getTime() - unknownOutcomeGraceMs(deps));
  return deps.db.transaction(async (tx) => {
    const stranded = await tx
      .select({ id: payments.id, orderId: payments.orderId, kind: payments.kind })
      .from(payments)
      .where(and(eq(payments.status, "pending"), inArray(payments.kind, [...NEW_PAYMENT_KINDS]), lt(payments.updatedAt, cutoff)))
      .limit(limit)
      .for("update", { skipLocked: true });
    for (const p of stranded) {
      // pending → unknown is a forward move (states.ts); the WHERE re-checks the state under the lock.
      await tx
        .update(payments)
        .set({ status: "unknown", updatedAt: now })
        .where(and(eq(payments.id, p.id), eq(payments.status, "pending")));
      await appendAudit(tx, {
        actorId: null,
        actorEmail: null,
        ip: null,
        action: "payment.stranded",
        targetType: "payment",
        targetId: p.id,
        at: now,
        summary: {
          orderId: p.orderId,
          kind: p.kind,
          from: "pending",
          to: "unknown",
          why: "no outcome was recorded after the gateway call",
        },
      });
    }
    return stranded.length;
  });
}

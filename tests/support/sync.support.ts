// Integration-test support for the sync: an action row in a given state, as the money-action flow leaves it
// (e.g. "unknown" after a timeout), for a payment of the test ledger.
import { randomUUID } from "node:crypto";
import { paymentActions, type PaymentRow } from "../../server/db/schema";
import type { ServiceDeps } from "../../server/services/deps";

let seq = 0;
export async function insertAction(
  db: ServiceDeps["db"],
  payment: PaymentRow,
  a: { type: "capture" | "void" | "refund"; state: string; amountMinor: number; method?: string },
) {
  // An hour old (in order of insertion): past the grace period in which the gateway could still act on an
  // unknown call, so a sync may conclude "did not happen" (sync-payment.test.ts tests the grace itself).
  const at = new Date(Date.now() - 3_600_000 + seq++ * 1000);
  const [row] = await db
    .insert(paymentActions)
    .values({
      paymentId: payment.id,
      type: a.type,
      method: a.method ?? null,
      state: a.state,
      amountMinor: a.amountMinor,
      currency: payment.currency,
      idempotencyKey: randomUUID(),
      requestHash: "test",
      requestedBy: randomUUID(),
      createdAt: at,
      updatedAt: at,
      completedAt: a.state === "succeeded" ? new Date(at.getTime() - 60_000) : null,
    })
    .returning();
  return row!;
}

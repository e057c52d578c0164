// The actions of a payment that are not finished, read inside the caller's transaction (the payment row is
// locked, so this is the truth until commit).
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { paymentActions, type PaymentActionRow } from "../../db/schema";

export async function actionsOf(tx: Tx, paymentId: string, states: PaymentActionRow["state"][]): Promise<PaymentActionRow[]> {
  return tx
    .select()
    .from(paymentActions)
    .where(and(eq(paymentActions.paymentId, paymentId), inArray(paymentActions.state, states)));
}

/** What can still be refunded: captured − accepted refunds − refunds pending approval, in flight or unknown. */
export async function refundableMinor(tx: Tx, payment: { id: string; capturedMinor: number; refundedMinor: number }): Promise<number> {
  const open = await actionsOf(tx, payment.id, ["pending_approval", "in_flight", "unknown"]);
  const reserved = open.filter((a) => a.type === "refund").reduce((sum, a) => sum + a.amountMinor, 0);
  return Math.max(0, payment.capturedMinor - payment.refundedMinor - reserved);
}

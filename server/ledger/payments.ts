// Reading and changing ledger payments. Every state change goes through `advancePayment`, which refuses a move
// backwards (states.ts) and lets the database's CHECK constraints hold the amounts (refunded ≤ captured ≤
// authorized). Callers lock the row first (`lockPayment`) inside their transaction.
import { eq, is, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client";
import { preparedPer } from "../db/prepared";
import { payments, type PaymentRow } from "../db/schema";
import { isPaymentStatus, type PaymentStatus } from "@/lib/payment-status";
import { canMove } from "./states";

export type NewPayment = typeof payments.$inferInsert;

export class IllegalTransitionError extends Error {
  override name = "IllegalTransitionError";
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super(`payment cannot move from ${from} to ${to}`);
  }
}

// The three lookups run on hot paths (the payment page, the forwarding read, every sync, the receiver's processing):
// outside a transaction they are built once per database (server/db/prepared.ts). Drizzle builds a full-row select
// anew at every call, which cost 0.59 ms of CPU per lookup on this machine; prepared, the row alone is mapped.
function lookupBy(name: string, column: typeof payments.id | typeof payments.gatewayId | typeof payments.orderId) {
  const prepared = preparedPer((db) =>
    db
      .select()
      .from(payments)
      .where(eq(column, sql.placeholder("value")))
      .limit(1)
      .prepare(name),
  );
  return async (db: Db | Tx, value: string): Promise<PaymentRow | null> => {
    // A transaction has its own connection: its statements are built there (a prepared one belongs to the pool).
    const [row] = is(db, PgTransaction)
      ? await db.select().from(payments).where(eq(column, value)).limit(1)
      : await prepared(db).execute({ value });
    return row ?? null;
  };
}

export const findPayment = lookupBy("payment_by_id", payments.id);
export const findPaymentByGatewayId = lookupBy("payment_by_gateway_id", payments.gatewayId);
export const findPaymentByOrderId = lookupBy("payment_by_order_id", payments.orderId);

/** SELECT … FOR UPDATE: the row stays locked until the transaction ends. */
export async function lockPayment(tx: Tx, id: string): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for("update").limit(1);
  return row ?? null;
}

export async function insertPayment(tx: Db | Tx, values: NewPayment): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  return row!;
}

export type PaymentPatch = Partial<
  Pick<
    PaymentRow,
    | "status"
    | "intent"
    | "gatewayId"
    | "authorizedMinor"
    | "capturedMinor"
    | "refundedMinor"
    | "declineReason"
    | "gatewayStatus"
    | "recurringToken"
    | "cardToken"
    | "cardBin6"
    | "cardLast4"
    | "cardBrand"
    | "cardExpiry"
    | "rrn"
    | "lastSyncedAt"
  >
>;

/**
 * Apply a change to a (locked) payment. A status change must be a forward move; amounts only grow (a
 * notification or query that reports less than the ledger knows changes nothing).
 */
export async function advancePayment(tx: Tx | Db, current: PaymentRow, patch: PaymentPatch, now: Date): Promise<PaymentRow> {
  const next: PaymentPatch = { ...patch };
  // Only an authorize-only request ends authorized (a sale goes straight to captured): a payment the ledger learns
  // is authorized (one made on the merchant's website, found by a sync) was an authorization.
  if (next.status === "authorized") next.intent = "authorize";
  if (next.status !== undefined) {
    const from = current.status;
    if (!isPaymentStatus(from) || !isPaymentStatus(next.status) || !canMove(from as PaymentStatus, next.status as PaymentStatus)) {
      throw new IllegalTransitionError(from, next.status);
    }
  }
  for (const k of ["authorizedMinor", "capturedMinor", "refundedMinor"] as const) {
    const v = next[k];
    if (v !== undefined && v < current[k]) delete next[k];
  }
  const [row] = await tx
    .update(payments)
    .set({ ...next, updatedAt: now })
    .where(eq(payments.id, current.id))
    .returning();
  return row!;
}

/** Sum of refunds that count against the refundable balance but are not yet accepted (pending, in flight, unknown). */
/**
 * A payment link can be paid in several attempts: the customer may try another card after a decline, or after
 * leaving a 3-D Secure step. Its ledger payment tracks the latest attempt until one moves money, so a later
 * attempt (a new gateway id for the link's order id) may replace the one it tracks. No other payment may go back.
 */
export function acceptsNewLinkAttempt(p: PaymentRow): boolean {
  return (
    p.kind === "payment_link" &&
    p.gatewayId !== null &&
    ["pending", "awaiting_3ds", "unknown", "declined"].includes(p.status) &&
    p.authorizedMinor === 0 &&
    p.capturedMinor === 0 &&
    p.refundedMinor === 0
  );
}

/**
 * The one sanctioned move back: a (locked) payment link's payment starts tracking a new attempt, as "pending"
 * with the new gateway id, and is then moved forward by the usual sync. The caller audits the earlier attempt.
 */
export async function trackNewLinkAttempt(tx: Tx, current: PaymentRow, gatewayId: string, now: Date): Promise<PaymentRow> {
  if (!acceptsNewLinkAttempt(current)) throw new IllegalTransitionError(current.status, "pending");
  const [row] = await tx
    .update(payments)
    .set({ status: "pending", gatewayId, declineReason: null, gatewayStatus: null, updatedAt: now })
    .where(eq(payments.id, current.id))
    .returning();
  return row!;
}

export const OPEN_REFUND_STATES = ["pending_approval", "in_flight", "unknown"] as const;

export function openRefundsSql(paymentId: string) {
  return sql<number>`(select coalesce(sum(amount_minor), 0)::bigint from payment_actions where payment_id = ${paymentId} and type = 'refund' and state in ('pending_approval', 'in_flight', 'unknown'))`;
}

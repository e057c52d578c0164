// Everything a payment's page shows from the ledger: the payment, its actions with who asked and who approved,
// the refundable balance, and its timeline (timeline.ts words it: page-load gateway reads are not events). Read for
// the signed-in person, who must hold TRANSACTIONS_VIEW.
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  auditLog,
  gatewayCalls,
  gatewayNotifications,
  paymentActions,
  payments,
  threeDsViews,
  users,
  type PaymentRow,
} from "../../db/schema";
import type { ServiceContext, ServiceDeps } from "../deps";
import { requirePermission } from "../require-permission";
import { paymentNotesOf, type PaymentNoteOf } from "./notes/payment-notes-of";
import { buildTimeline, type TimelineAction, type TimelineEvent, type TimelinePrefs } from "./timeline";

export type { TimelineEvent } from "./timeline";

export interface ActionRowView extends TimelineAction {
  id: string;
  type: string;
  method: string | null;
  state: string;
  amountMinor: number;
  currency: string;
  reasonCode: string | null;
  note: string | null;
  outcomeMessage: string | null;
  requestedBy: string;
  requestedById: string;
  approvedBy: string | null;
  createdAt: Date;
}

export interface PaymentPageData {
  payment: PaymentRow;
  createdByName: string | null;
  actions: ActionRowView[];
  refundableMinor: number;
  reservedMinor: number;
  timeline: TimelineEvent[];
  /** Notes staff added, oldest first (they are in the timeline too). */
  notes: PaymentNoteOf[];
}

export async function loadPaymentPage(
  ctx: ServiceContext<Pick<ServiceDeps, "db">>,
  /** prefs: the reader's language and digits, for the timeline's sentences (English when absent). */
  input: { paymentId: string; prefs?: TimelinePrefs },
): Promise<PaymentPageData | null> {
  requirePermission(ctx.principal, "TRANSACTIONS_VIEW");
  const { db } = ctx.deps;
  const id = input.paymentId;
  const [payment] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  if (!payment) return null;
  const requester = alias(users, "requester");
  const approver = alias(users, "approver");
  const [creator] = payment.createdBy ? await db.select({ name: users.name }).from(users).where(eq(users.id, payment.createdBy)) : [];
  const actions = await db
    .select({
      id: paymentActions.id,
      type: paymentActions.type,
      method: paymentActions.method,
      state: paymentActions.state,
      amountMinor: paymentActions.amountMinor,
      currency: paymentActions.currency,
      reasonCode: paymentActions.reasonCode,
      note: paymentActions.note,
      outcomeMessage: paymentActions.outcomeMessage,
      requestedBy: requester.name,
      requestedById: paymentActions.requestedBy,
      approvedBy: approver.name,
      createdAt: paymentActions.createdAt,
      completedAt: paymentActions.completedAt,
      updatedAt: paymentActions.updatedAt,
    })
    .from(paymentActions)
    .innerJoin(requester, eq(requester.id, paymentActions.requestedBy))
    .leftJoin(approver, eq(approver.id, paymentActions.approvedBy))
    .where(eq(paymentActions.paymentId, id))
    .orderBy(desc(paymentActions.createdAt));

  const ids = [payment.gatewayId, payment.orderId].filter((v): v is string => Boolean(v));
  const calls = await db
    .select()
    .from(gatewayCalls)
    .where(
      or(payment.gatewayId ? eq(gatewayCalls.transactionId, payment.gatewayId) : sql`false`, eq(gatewayCalls.orderId, payment.orderId)),
    )
    .orderBy(asc(gatewayCalls.startedAt))
    .limit(500);
  const notes = await db
    .select()
    .from(gatewayNotifications)
    .where(or(eq(gatewayNotifications.paymentId, id), ids.length ? inArray(gatewayNotifications.transId, ids) : sql`false`))
    .orderBy(asc(gatewayNotifications.receivedAt))
    .limit(500);

  const reservedMinor = actions
    .filter((a) => a.type === "refund" && ["pending_approval", "in_flight", "unknown"].includes(a.state))
    .reduce((s, a) => s + a.amountMinor, 0);
  const refundable = ["captured", "partially_refunded"].includes(payment.status)
    ? Math.max(0, payment.capturedMinor - payment.refundedMinor - reservedMinor)
    : 0;

  // Approvals and refusals of held refunds: their moments are the audit rows' (the action row keeps the last state).
  const decisionRows = await db
    .select({ at: auditLog.at, action: auditLog.action, summary: auditLog.summary, by: users.name, email: auditLog.actorEmail })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(eq(auditLog.targetType, "payment"), eq(auditLog.targetId, id), inArray(auditLog.action, ["refund.approve", "refund.reject"])),
    )
    .orderBy(asc(auditLog.at));
  const threeDs = await db
    .select({ at: threeDsViews.createdAt })
    .from(threeDsViews)
    .where(eq(threeDsViews.paymentId, id))
    .orderBy(asc(threeDsViews.createdAt))
    .limit(1);
  const staffNotes = await paymentNotesOf(db, [id]);

  const timeline: TimelineEvent[] = buildTimeline(
    {
      payment,
      createdByName: creator?.name ?? null,
      calls,
      notifications: notes,
      actions,
      decisions: decisionRows.map((d) => {
        const summary = (d.summary ?? {}) as { actionId?: string; note?: string | null };
        return {
          at: d.at,
          actionId: summary.actionId ?? "",
          decision: d.action === "refund.approve" ? ("approve" as const) : ("reject" as const),
          by: d.by ?? d.email ?? "someone",
          note: summary.note ?? null,
        };
      }),
      threeDsAt: threeDs.map((t) => t.at),
      notes: staffNotes.map((n) => ({ at: new Date(n.createdAt), author: n.author, body: n.body })),
    },
    input.prefs,
  );

  return {
    payment,
    createdByName: creator?.name ?? null,
    actions,
    refundableMinor: refundable,
    reservedMinor,
    timeline,
    notes: staffNotes,
  };
}

/** Refunds waiting for approval, oldest first (the Refunds page and the overview). */
export function pendingApprovalsWhere() {
  return and(eq(paymentActions.type, "refund"), eq(paymentActions.state, "pending_approval"));
}

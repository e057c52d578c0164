// Everything a payment's page shows from the ledger: the payment, its actions with who asked and who approved,
// the refundable balance, and a timeline of every gateway call, notification and action about it. Read for the
// signed-in person, who must hold TRANSACTIONS_VIEW.
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { reasonLabel } from "@/lib/schemas/payment-actions-values";
import { gatewayCalls, gatewayNotifications, paymentActions, payments, users, type PaymentRow } from "../../db/schema";
import type { ServiceContext, ServiceDeps } from "../deps";
import { requirePermission } from "../require-permission";

export interface ActionRowView {
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

export interface TimelineEvent {
  at: Date;
  kind: "call" | "notification" | "action";
  title: string;
  detail: string | null;
  tone: "neutral" | "success" | "warning" | "danger" | "info";
}

export interface PaymentPageData {
  payment: PaymentRow;
  createdByName: string | null;
  actions: ActionRowView[];
  refundableMinor: number;
  reservedMinor: number;
  timeline: TimelineEvent[];
}

const CALL_TONE = { success: "success", declined: "warning", gateway_error: "danger", transport: "danger" } as const;

export async function loadPaymentPage(
  ctx: ServiceContext<Pick<ServiceDeps, "db">>,
  input: { paymentId: string },
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

  const timeline: TimelineEvent[] = [
    ...calls.map((c) => ({
      at: c.startedAt,
      kind: "call" as const,
      title: `Gateway call: ${c.operation.replace(/_/g, " ")}`,
      detail: `${c.outcome.replace("_", " ")}${c.gatewayCode ? ` (${c.gatewayCode})` : ""} · ${c.latencyMs} ms${c.attempts > 1 ? ` · ${c.attempts} attempts` : ""}`,
      tone: CALL_TONE[c.outcome as keyof typeof CALL_TONE] ?? "neutral",
    })),
    ...notes.map((n) => ({
      at: n.receivedAt,
      kind: "notification" as const,
      title: `Notification: ${[n.action, n.result, n.status].filter(Boolean).join(" · ") || "received"}`,
      detail: `${n.hashValid ? "signature verified" : "signature not verified"}${n.processingResult ? ` · ${n.processingResult.replace(/_/g, " ")}` : " · not processed yet"}`,
      tone: n.hashValid ? ("info" as const) : ("warning" as const),
    })),
    ...actions.map((a) => ({
      at: a.createdAt,
      kind: "action" as const,
      title: `${a.type[0]!.toUpperCase()}${a.type.slice(1)} requested by ${a.requestedBy}${a.approvedBy ? `, approved by ${a.approvedBy}` : ""}`,
      detail: `${a.state.replace(/_/g, " ")}${a.reasonCode ? ` · ${reasonLabel(a.reasonCode)}` : ""}${a.outcomeMessage ? ` · ${a.outcomeMessage}` : ""}`,
      tone:
        a.state === "succeeded"
          ? ("success" as const)
          : a.state === "pending_approval" || a.state === "unknown"
            ? ("warning" as const)
            : a.state === "in_flight"
              ? ("info" as const)
              : ("danger" as const),
    })),
  ].sort((x, y) => x.at.getTime() - y.at.getTime());

  return { payment, createdByName: creator?.name ?? null, actions, refundableMinor: refundable, reservedMinor, timeline };
}

/** Refunds waiting for approval, oldest first (the Refunds page and the overview). */
export function pendingApprovalsWhere() {
  return and(eq(paymentActions.type, "refund"), eq(paymentActions.state, "pending_approval"));
}

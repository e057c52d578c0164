// Refunds report: every refund of the period with who requested it, who approved (or rejected) it and why. A
// finished refund (succeeded, declined, failed, rejected) counts on the day it was completed, any other (waiting
// for approval, in flight, unknown) on the day it was requested; the "Counted by" column says which. Totals: per
// currency, the refunds that succeeded (the money that left), with their number.
import "server-only";
import { and, asc, eq, gte, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { dayRange } from "@/lib/reports/period";
import { REPORT_TITLE, type ReportColumn, type ReportRequest, type ReportRow, type ReportTable } from "@/lib/reports/report-table";
import { actionStateLabel } from "@/lib/schemas/payment-actions-values";
import { paymentActions, payments, users } from "../../db/schema";
import type { ServiceContext, ServiceDeps } from "../deps";
import { requirePermission } from "../require-permission";

const COLUMNS: ReportColumn[] = [
  { key: "orderId", label: "Order ID", kind: "text" },
  { key: "amount", label: "Amount", kind: "money" },
  { key: "currency", label: "Currency", kind: "text" },
  { key: "state", label: "State", kind: "text" },
  { key: "method", label: "Method", kind: "text" },
  { key: "reasonCode", label: "Reason code", kind: "text" },
  { key: "note", label: "Note", kind: "text" },
  { key: "requestedBy", label: "Requested by", kind: "text" },
  { key: "approvedBy", label: "Approved or rejected by", kind: "text" },
  { key: "requestedAt", label: "Requested at", kind: "datetime" },
  { key: "completedAt", label: "Completed at", kind: "datetime" },
  { key: "countedBy", label: "Counted by", kind: "text" },
];

const METHOD_LABEL: Record<string, string> = { full: "Full", partial: "Partial" };

export async function refundsReport(
  ctx: ServiceContext<Pick<ServiceDeps, "db" | "now" | "config">>,
  request: ReportRequest,
): Promise<ReportTable> {
  requirePermission(ctx.principal, "REPORTS_VIEW");
  const { db, config, now } = ctx.deps;
  const zone = config.reportTimeZone;
  const { from, to } = dayRange(request.firstDay, request.lastDay, zone);
  const requester = alias(users, "requester");
  const approver = alias(users, "approver");

  const inPeriod = or(
    and(isNotNull(paymentActions.completedAt), gte(paymentActions.completedAt, from), lt(paymentActions.completedAt, to)),
    and(isNull(paymentActions.completedAt), gte(paymentActions.createdAt, from), lt(paymentActions.createdAt, to)),
  );
  const found = await db
    .select({
      id: paymentActions.id,
      orderId: payments.orderId,
      amountMinor: paymentActions.amountMinor,
      currency: paymentActions.currency,
      state: paymentActions.state,
      method: paymentActions.method,
      reasonCode: paymentActions.reasonCode,
      note: paymentActions.note,
      requestedBy: requester.email,
      approvedBy: approver.email,
      requestedAt: paymentActions.createdAt,
      completedAt: paymentActions.completedAt,
    })
    .from(paymentActions)
    .innerJoin(payments, eq(payments.id, paymentActions.paymentId))
    .leftJoin(requester, eq(requester.id, paymentActions.requestedBy))
    .leftJoin(approver, eq(approver.id, paymentActions.approvedBy))
    .where(
      and(
        eq(paymentActions.type, "refund"),
        inPeriod,
        request.currency ? eq(paymentActions.currency, request.currency) : undefined,
        request.branchId ? eq(payments.branchId, request.branchId) : undefined,
      ),
    )
    .orderBy(asc(sql`coalesce(${paymentActions.completedAt}, ${paymentActions.createdAt})`), asc(paymentActions.id));

  const rows: ReportRow[] = found.map((r) => ({
    orderId: r.orderId,
    amount: { minor: r.amountMinor, currency: r.currency },
    currency: r.currency,
    state: actionStateLabel(r.state),
    method: r.method ? (METHOD_LABEL[r.method] ?? r.method) : null,
    reasonCode: r.reasonCode,
    note: r.note,
    requestedBy: r.requestedBy,
    approvedBy: r.approvedBy,
    requestedAt: r.requestedAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
    countedBy: r.completedAt ? "Completion" : "Request",
  }));

  // Per currency, in the order the currencies first appear: the refunds that succeeded.
  const sums = new Map<string, { minor: number; count: number }>();
  for (const r of found) {
    const s = sums.get(r.currency) ?? { minor: 0, count: 0 };
    if (r.state === "succeeded") {
      s.minor += r.amountMinor;
      s.count += 1;
    }
    sums.set(r.currency, s);
  }
  const totals: ReportRow[] = [...sums].map(([currency, s]) => ({
    orderId: `Total refunded (${s.count} succeeded)`,
    amount: { minor: s.minor, currency },
    currency,
  }));

  return {
    report: "refunds",
    title: REPORT_TITLE.refunds,
    timeZone: zone,
    period: { firstDay: request.firstDay, lastDay: request.lastDay },
    generatedAt: now(),
    columns: COLUMNS,
    rows,
    totals,
  };
}

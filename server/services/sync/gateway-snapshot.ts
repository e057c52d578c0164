// What the payment's page shows "at the gateway": the status query (contract 4.7) and the transaction details
// (4.12, with the business-unit hierarchy), asked live and put in the page's terms. Nothing is written; a gateway
// that does not answer gives a note per query instead of a view. The card number is masked here, whatever the
// gateway sent.
import "server-only";
import { maskCardForDisplay } from "@/lib/card-display";
import { cardLabel } from "@/lib/card-label";
import { eq } from "drizzle-orm";
import { withCallPurpose } from "../../db/gateway-call-purpose";
import { payments } from "../../db/schema";
import { AppError } from "../../errors";
import { describeResult } from "../../gateway/client";
import type { BusinessUnitNode } from "../../gateway/operations/queries";
import type { ServiceContext, ServiceDeps } from "../deps";
import { requirePermission } from "../require-permission";

export interface GatewayStatusView {
  status: string;
  reason: string | null;
  date: string | null;
  rrn: string | null;
  brand: string | null;
}

export interface GatewayDetailsView {
  paymentStatus: string | null;
  transactionStatus: string | null;
  transactionType: string | null;
  /** In the one card mask, with the BIN: "VISA 4111 11•• •••• 1111". */
  card: string | null;
  /** The card's expiry as the page shows it, "12/2030" (the words around it are the reader's). */
  cardExpiry: string | null;
  cardHolderName: string | null;
  totalRefundAmount: string | null;
  refundStatus: string | null;
  settlementStatus: string | null;
  declineReason: string | null;
}

export interface BusinessUnitName {
  id: string | null;
  name: string | null;
  nameAr: string | null;
}

export interface GatewaySnapshot {
  status: { ok: true; view: GatewayStatusView } | { ok: false; message: string };
  details: { ok: true; view: GatewayDetailsView; businessUnits: BusinessUnitName[] } | { ok: false; message: string };
}

/** The business unit and its parents, outermost first (at most 10 levels). */
function hierarchy(node: BusinessUnitNode | null | undefined): BusinessUnitName[] {
  const chain: BusinessUnitName[] = [];
  for (let n = node; n && chain.length < 10; n = n.parent)
    chain.unshift({ id: n.businessUnitId ?? null, name: n.businessUnitName ?? null, nameAr: n.businessUnitNameAr ?? null });
  return chain;
}

const or = (v: string | null | undefined) => v ?? null;

/** The card as every screen shows it, whatever the gateway sent (a full number is masked first). */
function cardOf(pan: string | null | undefined, scheme: string | null | undefined): string | null {
  const masked = maskCardForDisplay(pan);
  if (!masked) return null;
  const digits = /^(\d{6})\D+(\d{4})$/.exec(masked.replace(/\s/g, ""));
  return digits ? cardLabel({ brand: scheme, bin6: digits[1], last4: digits[2] }, { withBin: true }) : masked;
}

/** The gateway's "2030/12" as "12/2030"; anything else is not shown. */
function expiryOf(expiration: string | null | undefined): string | null {
  const exp = /^(\d{4})\/(\d{2})$/.exec(expiration ?? "");
  return exp ? `${exp[2]}/${exp[1]}` : null;
}

export async function viewPaymentAtGateway(
  ctx: ServiceContext<Pick<ServiceDeps, "gateway">>,
  input: { orderId: string; gatewayId: string },
): Promise<GatewaySnapshot> {
  requirePermission(ctx.principal, "TRANSACTIONS_VIEW");
  const { gateway } = ctx.deps;
  // Page-load reads stay in the gateway-call log but are not events: tagged so that the timeline leaves them out.
  const [status, details] = await withCallPurpose("page_view", () =>
    Promise.all([
      gateway.paymentStatus({ orderId: input.orderId, gwayPaymentId: input.gatewayId }),
      gateway.transactionDetails({ transactionId: input.gatewayId }),
    ]),
  );
  const s = status.kind === "success" ? status.data : null;
  const d = details.kind === "success" ? details.data.transactionDetails : null;
  return {
    status: s
      ? { ok: true, view: { status: s.status, reason: or(s.reason), date: or(s.date), rrn: or(s.rrn), brand: or(s.brand) } }
      : { ok: false, message: describeResult(status) },
    details:
      d && details.kind === "success"
        ? {
            ok: true,
            view: {
              paymentStatus: or(d.paymentStatus),
              transactionStatus: or(d.transactionStatus),
              transactionType: or(d.transactionType),
              card: cardOf(d.pan, d.cardScheme),
              cardExpiry: d.pan ? expiryOf(d.cardExpiration) : null,
              cardHolderName: or(d.cardHolderName),
              totalRefundAmount: or(d.totalRefundAmount),
              refundStatus: or(d.refundStatus),
              settlementStatus: or(d.settlementStatus),
              declineReason: or(d.declineReason),
            },
            businessUnits: hierarchy(details.data.businessUnitHierarchy),
          }
        : { ok: false, message: describeResult(details) },
  };
}

/**
 * GET /api/transactions/:id/gateway: the same live view for a ledger payment, by its id. One read of the ledger
 * (the payment's two ids), the two gateway queries, nothing written on the request's path (their call records are
 * written behind it, server/db/gateway-call-log.ts).
 */
export async function viewLedgerPaymentAtGateway(ctx: ServiceContext, input: { paymentId: string }): Promise<GatewaySnapshot> {
  requirePermission(ctx.principal, "TRANSACTIONS_VIEW");
  const [payment] = await ctx.deps.db
    .select({ orderId: payments.orderId, gatewayId: payments.gatewayId })
    .from(payments)
    .where(eq(payments.id, input.paymentId))
    .limit(1);
  if (!payment) throw new AppError("not_found", "payments.notInLedger");
  if (!payment.gatewayId) throw new AppError("conflict", "payments.noGatewayId");
  return viewPaymentAtGateway(ctx, { orderId: payment.orderId, gatewayId: payment.gatewayId });
}

// The gateway's own view of the payment (status 2.5 and details 2.9 with the business-unit hierarchy), loaded
// live when the page renders. Streams in after the ledger part of the page; a gateway that does not answer
// leaves a clear note, never a broken page.
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { maskCardForDisplay } from "@/lib/card-display";
import type { PaymentRow } from "@/server/db/schema";
import type { BusinessUnitNode } from "@/server/gateway/operations/queries";
import { describeResult } from "@/server/gateway/client";
import { appDeps } from "@/server/services/app-deps";

function hierarchy(node: BusinessUnitNode | null | undefined): BusinessUnitNode[] {
  const chain: BusinessUnitNode[] = [];
  for (let n = node; n && chain.length < 10; n = n.parent) chain.unshift(n);
  return chain;
}

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words">{value ? <bdi dir="ltr">{value}</bdi> : <span className="text-slate-500">—</span>}</dd>
    </div>
  );
}

export async function GatewayPanel({ payment }: { payment: PaymentRow }) {
  if (!payment.gatewayId) {
    return (
      <Card title="At the gateway">
        <p className="text-sm text-slate-600">The gateway has not given this payment an id yet, so it cannot be looked up.</p>
      </Card>
    );
  }
  const { gateway } = await appDeps();
  const [status, details] = await Promise.all([
    gateway.paymentStatus({ orderId: payment.orderId, gwayPaymentId: payment.gatewayId }),
    gateway.transactionDetails({ transactionId: payment.gatewayId }),
  ]);
  const d = details.kind === "success" ? details.data.transactionDetails : null;
  const units = details.kind === "success" ? hierarchy(details.data.businessUnitHierarchy) : [];
  return (
    <Card title="At the gateway" description="Loaded live from the gateway when this page opened.">
      {status.kind !== "success" && <Alert tone="warning">Status unavailable: {describeResult(status)}.</Alert>}
      {details.kind !== "success" && <Alert tone="warning" className="mt-2">Details unavailable: {describeResult(details)}.</Alert>}
      <dl className="divide-y divide-slate-100">
        {status.kind === "success" && (
          <>
            <Row label="Status" value={`${status.data.status}${status.data.reason ? ` (${status.data.reason})` : ""}`} />
            <Row label="Status date" value={status.data.date} />
            <Row label="RRN" value={status.data.rrn} />
            <Row label="Brand" value={status.data.brand} />
          </>
        )}
        {d && (
          <>
            <Row label="Payment status" value={d.paymentStatus} />
            <Row label="Transaction status" value={d.transactionStatus} />
            <Row label="Type" value={d.transactionType} />
            {/* Masked whatever the gateway sent: a full number never reaches the page. */}
            <Row label="Card" value={d.pan ? `${maskCardForDisplay(d.pan)} · ${d.cardScheme ?? ""} · ${d.cardExpiration ?? ""}` : null} />
            <Row label="Cardholder" value={d.cardHolderName} />
            <Row label="Refunded (gateway)" value={d.totalRefundAmount} />
            <Row label="Refund status" value={d.refundStatus} />
            <Row label="Settlement" value={d.settlementStatus} />
            <Row label="Decline reason" value={d.declineReason} />
          </>
        )}
      </dl>
      {units.length > 0 && (
        <div className="mt-3">
          <h3 className="text-sm font-medium">Business unit</h3>
          <ol className="mt-1 flex flex-wrap items-center gap-1 text-sm text-slate-700">
            {units.map((u, i) => (
              <li key={u.businessUnitId ?? i} className="flex items-center gap-1">
                {i > 0 && <span aria-hidden="true">›</span>}
                <span dir="auto">{u.businessUnitName ?? u.businessUnitNameAr ?? u.businessUnitId}</span>
                {u.businessUnitNameAr && u.businessUnitName && (
                  <span dir="auto" lang="ar" className="text-slate-500">
                    ({u.businessUnitNameAr})
                  </span>
                )}
              </li>
            ))}
          </ol>
        </div>
      )}
    </Card>
  );
}

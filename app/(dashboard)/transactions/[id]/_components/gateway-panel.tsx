// The gateway's own view of the payment (status 2.5 and details 2.9 with the business-unit hierarchy), loaded
// live when the page renders (server/services/sync/gateway-snapshot.ts). Streams in after the ledger part of the
// page; a gateway that does not answer leaves a clear note, never a broken page.
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import type { PaymentRow } from "@/server/db/schema";
import type { ServiceContext } from "@/server/services/deps";
import { viewPaymentAtGateway } from "@/server/services/sync/gateway-snapshot";

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words">{value ? <bdi dir="ltr">{value}</bdi> : <span className="text-slate-500">—</span>}</dd>
    </div>
  );
}

export async function GatewayPanel({ payment, ctx }: { payment: PaymentRow; ctx: ServiceContext }) {
  if (!payment.gatewayId) {
    return (
      <Card title="At the gateway">
        <p className="text-sm text-slate-600">The gateway has not given this payment an id yet, so it cannot be looked up.</p>
      </Card>
    );
  }
  const { status, details } = await viewPaymentAtGateway(ctx, { orderId: payment.orderId, gatewayId: payment.gatewayId });
  const d = details.ok ? details.view : null;
  const units = details.ok ? details.businessUnits : [];
  return (
    <Card title="At the gateway" description="Loaded live from the gateway when this page opened.">
      {!status.ok && <Alert tone="warning">Status unavailable: {status.message}.</Alert>}
      {!details.ok && (
        <Alert tone="warning" className="mt-2">
          Details unavailable: {details.message}.
        </Alert>
      )}
      <dl className="divide-y divide-slate-100">
        {status.ok && (
          <>
            <Row label="Status" value={`${status.view.status}${status.view.reason ? ` (${status.view.reason})` : ""}`} />
            <Row label="Status date" value={status.view.date} />
            <Row label="RRN" value={status.view.rrn} />
            <Row label="Brand" value={status.view.brand} />
          </>
        )}
        {d && (
          <>
            <Row label="Payment status" value={d.paymentStatus} />
            <Row label="Transaction status" value={d.transactionStatus} />
            <Row label="Type" value={d.transactionType} />
            {/* Masked by the service whatever the gateway sent: a full number never reaches the page. */}
            <Row label="Card" value={d.card} />
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
              <li key={u.id ?? i} className="flex items-center gap-1">
                {i > 0 && <span aria-hidden="true">›</span>}
                <span dir="auto">{u.name ?? u.nameAr ?? u.id}</span>
                {u.nameAr && u.name && (
                  <span dir="auto" lang="ar" className="text-slate-500">
                    ({u.nameAr})
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

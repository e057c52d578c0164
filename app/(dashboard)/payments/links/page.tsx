import type { Metadata } from "next";
import Link from "next/link";
import { Forbidden } from "@/components/auth/forbidden";
import { Badge } from "@/components/ui/badge";
import type { BadgeTone } from "@/lib/tone";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalTime } from "@/components/ui/local-time";
import { MoneyAmount } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatMoney } from "@/lib/money";
import { LINK_STATUS_LABEL, linkCancellable, type LinkStatus } from "@/lib/schemas/payment-links";
import { pageAccess } from "@/server/auth/session";
import { appContext } from "@/server/services/app-deps";
import { listPaymentLinks } from "@/server/services/payments/links/list-links";
import { CancelLinkButton } from "./_components/cancel-link-button";
import { LinkQr } from "./_components/link-qr";
import { LinkStatusWatch } from "./_components/link-status-watch";
import { NewLinkButton } from "./_components/new-link-button";

export const metadata: Metadata = { title: "Payment links" };
export const dynamic = "force-dynamic";

const TONE: Record<LinkStatus, BadgeTone> = {
  waiting: "info",
  paid: "success",
  expired: "neutral",
  failed: "danger",
  cancelled: "neutral",
};

export default async function PaymentLinksPage() {
  const { principal, allowed } = await pageAccess("PAYMENTS_CREATE");
  if (!allowed) return <Forbidden area="Payment links" permission="PAYMENTS_CREATE" />;
  const links = await listPaymentLinks(await appContext({ principal }));
  const canView = principal.permissions.has("TRANSACTIONS_VIEW");
  return (
    <div className="space-y-6">
      <PageHeader
        title="Payment links"
        description="Links to the gateway's hosted payment page. A link is paid once the gateway confirms the payment (notification and status query); it cannot be paid after its expiry date."
        actions={<NewLinkButton />}
      />
      <LinkStatusWatch waiting={links.filter((l) => l.status === "waiting").map((l) => l.paymentId)} />
      {links.length === 0 ? (
        <EmptyState title="No payment links yet" description="Create a link and send it to the customer by e-mail or as a QR code." />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <Table caption="Payment links, newest first" captionHidden>
            <THead>
              <TR>
                <TH>Order</TH>
                <TH>Status</TH>
                <TH numeric>Amount</TH>
                <TH>Customer</TH>
                <TH>Created</TH>
                <TH>Expires</TH>
                <TH>Link</TH>
              </TR>
            </THead>
            <TBody>
              {links.map((l) => (
                <TR key={l.paymentId} data-testid="payment-link-row" data-order-id={l.orderId}>
                  <TD>
                    {l.status === "paid" && canView ? (
                      <Link href={`/transactions/${l.paymentId}`} className="font-medium text-brand-700 hover:underline">
                        <bdi dir="ltr">{l.orderId}</bdi>
                      </Link>
                    ) : (
                      <bdi dir="ltr">{l.orderId}</bdi>
                    )}
                    {l.description && (
                      <span className="block max-w-xs text-xs text-slate-600" dir="auto" data-testid="payment-link-description">
                        {l.description}
                      </span>
                    )}
                  </TD>
                  <TD>
                    <Badge tone={TONE[l.status]} dot>
                      {LINK_STATUS_LABEL[l.status]}
                    </Badge>
                    {l.problem && <span className="mt-1 block max-w-xs text-xs text-red-700">{l.problem}</span>}
                  </TD>
                  <TD numeric>{l.amount ? <MoneyAmount value={l.amount} /> : "—"}</TD>
                  <TD>
                    <span dir="auto">{l.customerName ?? ""}</span>
                    {l.customerEmail && <span className="block text-xs text-slate-600">{l.customerEmail}</span>}
                  </TD>
                  <TD>
                    <LocalTime iso={l.createdAt} />
                  </TD>
                  <TD>{l.expireDate ? <bdi dir="ltr">{l.expireDate}</bdi> : "—"}</TD>
                  <TD>
                    {l.url && l.status === "waiting" ? (
                      <div className="flex flex-wrap items-start gap-2">
                        <CopyButton value={l.url} label={`Copy the payment link for order ${l.orderId}`}>
                          Copy link
                        </CopyButton>
                        <LinkQr url={l.url} orderId={l.orderId} />
                        {linkCancellable(l.status) && (
                          <CancelLinkButton paymentId={l.paymentId} orderId={l.orderId} amount={l.amount ? formatMoney(l.amount) : null} />
                        )}
                      </div>
                    ) : l.status === "paid" && canView ? (
                      <Link href={`/transactions/${l.paymentId}`} className="text-sm text-brand-700 hover:underline">
                        View payment
                      </Link>
                    ) : (
                      "—"
                    )}
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        </div>
      )}
    </div>
  );
}

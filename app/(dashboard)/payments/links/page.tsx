import type { Metadata } from "next";
import { Forbidden } from "@/components/auth/forbidden";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalTime } from "@/components/ui/local-time";
import { MoneyAmount } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { pageAccess } from "@/server/auth/session";
import { appContext } from "@/server/services/app-deps";
import { listPaymentLinks } from "@/server/services/payments/links/list-links";
import { LinkStatusWatch } from "./_components/link-status-watch";
import { LinkActions, LinkOrder, LinkStatusBadge } from "./_components/link-parts";
import { NewLinkButton } from "./_components/new-link-button";

export const metadata: Metadata = { title: "Payment links" };
export const dynamic = "force-dynamic";

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
        <>
          {/* Wide screens: the table. */}
          <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm sm:block">
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
                      <LinkOrder l={l} canView={canView} />
                    </TD>
                    <TD>
                      <LinkStatusBadge l={l} />
                    </TD>
                    <TD numeric>{l.amount ? <MoneyAmount value={l.amount} /> : "—"}</TD>
                    <TD>
                      <span dir="auto">{l.customerName ?? ""}</span>
                      {l.customerEmail && (
                        <bdi dir="ltr" className="block text-xs text-slate-600">
                          {l.customerEmail}
                        </bdi>
                      )}
                    </TD>
                    <TD>
                      <LocalTime iso={l.createdAt} relative />
                    </TD>
                    <TD>{l.expireDate ? <bdi dir="ltr">{l.expireDate}</bdi> : "—"}</TD>
                    <TD>
                      <LinkActions l={l} canView={canView} />
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </div>
          {/* Phones: one card per link (amount, status, customer and time together), no sideways scroll. */}
          <ul aria-label="Payment links, newest first" className="space-y-3 sm:hidden">
            {links.map((l) => (
              <li
                key={l.paymentId}
                data-testid="payment-link-card"
                className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm"
              >
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <LinkOrder l={l} canView={canView} />
                  </div>
                  <span className="font-medium">{l.amount ? <MoneyAmount value={l.amount} /> : "—"}</span>
                </div>
                <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
                  <LinkStatusBadge l={l} />
                  <span className="text-slate-600">
                    <LocalTime iso={l.createdAt} relative />
                  </span>
                </div>
                <p className="mt-2 text-slate-700" dir="auto">
                  {l.customerName}
                  {l.expireDate && l.status === "waiting" && (
                    <span className="block text-xs text-slate-600">
                      Payable until <bdi dir="ltr">{l.expireDate}</bdi>
                    </span>
                  )}
                </p>
                <div className="mt-3 empty:hidden">
                  <LinkActions l={l} canView={canView} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

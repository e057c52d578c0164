import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
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

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("links");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

export default async function PaymentLinksPage() {
  const { principal, allowed } = await pageAccess("PAYMENTS_CREATE");
  const t = await getTranslations("links");
  if (!allowed) return <Forbidden area={t("title")} permission="PAYMENTS_CREATE" />;
  const links = await listPaymentLinks(await appContext({ principal }));
  const canView = principal.permissions.has("TRANSACTIONS_VIEW");
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <ClientMessages namespaces={["links"]}>
            <NewLinkButton />
          </ClientMessages>
        }
      />
      <LinkStatusWatch waiting={links.filter((l) => l.status === "waiting").map((l) => l.paymentId)} />
      {links.length === 0 ? (
        <EmptyState title={t("empty.title")} description={t("empty.description")} />
      ) : (
        <ClientMessages namespaces={["links"]}>
          {/* Wide screens: the table. */}
          <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm sm:block">
            <Table caption={t("listLabel")} captionHidden>
              <THead>
                <TR>
                  <TH>{t("columns.order")}</TH>
                  <TH>{t("columns.status")}</TH>
                  <TH numeric>{t("columns.amount")}</TH>
                  <TH>{t("columns.customer")}</TH>
                  <TH>{t("columns.created")}</TH>
                  <TH>{t("columns.expires")}</TH>
                  <TH>{t("columns.link")}</TH>
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
                    <TD>
                      {l.expireDate ? (
                        <bdi dir="ltr" className="whitespace-nowrap">
                          {l.expireDate}
                        </bdi>
                      ) : (
                        "—"
                      )}
                    </TD>
                    <TD>
                      <LinkActions l={l} canView={canView} />
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </div>
          {/* Phones: one card per link (amount, status, customer and time together), no sideways scroll. */}
          <ul aria-label={t("listLabel")} className="space-y-3 sm:hidden">
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
                      {t.rich("payableUntil", {
                        date: () => (
                          <bdi dir="ltr" className="whitespace-nowrap">
                            {l.expireDate}
                          </bdi>
                        ),
                      })}
                    </span>
                  )}
                </p>
                <div className="mt-3 empty:hidden">
                  <LinkActions l={l} canView={canView} />
                </div>
              </li>
            ))}
          </ul>
        </ClientMessages>
      )}
    </div>
  );
}

// /payments/notifications: the gateway notifications that failed verification in the last 24 hours (#16), linked from
// the Overview's "Needs attention". Read-only; TRANSACTIONS_VIEW.
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Forbidden } from "@/components/auth/forbidden";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalTime } from "@/components/ui/local-time";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { pageAccess } from "@/server/auth/session";
import { appContext } from "@/server/services/app-deps";
import { listFailedNotifications } from "@/server/services/notifications/failed-notifications";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("overview");
  return { title: t("failedNotifications.title") };
}
export const dynamic = "force-dynamic";

export default async function FailedNotificationsPage() {
  const { principal, allowed } = await pageAccess("TRANSACTIONS_VIEW");
  const t = await getTranslations("overview");
  if (!allowed) return <Forbidden area={t("failedNotifications.title")} permission="TRANSACTIONS_VIEW" />;
  const rows = await listFailedNotifications(await appContext({ principal }));
  return (
    <div className="space-y-6">
      <PageHeader title={t("failedNotifications.title")} description={t("failedNotifications.description")} />
      {rows.length === 0 ? (
        <EmptyState title={t("failedNotifications.empty")} />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <Table caption={t("failedNotifications.listLabel")} captionHidden>
            <THead>
              <TR>
                <TH>{t("failedNotifications.columns.received")}</TH>
                <TH>{t("failedNotifications.columns.action")}</TH>
                <TH>{t("failedNotifications.columns.status")}</TH>
                <TH>{t("failedNotifications.columns.order")}</TH>
                <TH>{t("failedNotifications.columns.transaction")}</TH>
                <TH>{t("failedNotifications.columns.payment")}</TH>
              </TR>
            </THead>
            <TBody>
              {rows.map((r) => (
                <TR key={r.id}>
                  <TD>
                    <LocalTime iso={r.receivedAt} withSeconds />
                  </TD>
                  <TD>
                    <bdi dir="ltr">{r.action ?? "—"}</bdi>
                  </TD>
                  <TD>
                    <bdi dir="ltr">{r.status ?? "—"}</bdi>
                  </TD>
                  <TD>
                    <bdi dir="ltr">{r.orderId ?? "—"}</bdi>
                  </TD>
                  <TD>
                    <bdi dir="ltr">{r.transId ?? "—"}</bdi>
                  </TD>
                  <TD>
                    {r.paymentId ? (
                      <Link href={`/transactions/${r.paymentId}`} prefetch={false} className="text-brand-700 hover:underline">
                        {t("failedNotifications.openPayment")}
                      </Link>
                    ) : (
                      t("failedNotifications.unknownPayment")
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

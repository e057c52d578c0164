import type { Metadata } from "next";
import Link from "next/link";
import { Forbidden } from "@/components/auth/forbidden";
import { ageOf } from "@/components/ui/age";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalTime } from "@/components/ui/local-time";
import { MoneyAmount } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { isCurrencyCode } from "@/lib/money";
import { pageAccess } from "@/server/auth/session";
import { appContext } from "@/server/services/app-deps";
import { authorizationsToCapture } from "@/server/services/payments/work-queues";

export const metadata: Metadata = { title: "Captures" };
export const dynamic = "force-dynamic";

export default async function CapturesPage() {
  const { principal, allowed } = await pageAccess("CAPTURES_CREATE");
  if (!allowed) return <Forbidden area="Captures" permission="CAPTURES_CREATE" />;
  const rows = await authorizationsToCapture(await appContext({ principal }));
  const now = new Date();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Captures"
        description="Authorized payments waiting to be captured, oldest first. An authorization expires at the bank after a while."
      />
      {rows.length === 0 ? (
        <EmptyState title="Nothing to capture" description="Every authorization has been captured or voided." />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <Table caption="Authorizations waiting for capture" captionHidden>
            <THead>
              <TR>
                <TH>Order</TH>
                <TH>Customer</TH>
                <TH>Card</TH>
                <TH numeric>Authorized</TH>
                <TH>Authorized at</TH>
                <TH numeric>Age</TH>
              </TR>
            </THead>
            <TBody>
              {rows.map((r) => (
                <TR key={r.id}>
                  <TD>
                    <Link href={`/transactions/${r.id}`} className="font-medium text-brand-700 hover:underline">
                      <bdi dir="ltr">{r.orderId}</bdi>
                    </Link>
                    {r.capturing && (
                      <Badge tone="info" className="ms-2">
                        in progress
                      </Badge>
                    )}
                  </TD>
                  <TD>
                    <span dir="auto">{r.payerName ?? ""}</span>
                    {r.payerEmail && <span className="block text-xs text-slate-600">{r.payerEmail}</span>}
                  </TD>
                  <TD>{r.cardLast4 ? <bdi dir="ltr">•••• {r.cardLast4}</bdi> : "—"}</TD>
                  <TD numeric>
                    {isCurrencyCode(r.currency) ? (
                      <MoneyAmount value={{ minor: r.authorizedMinor, currency: r.currency }} />
                    ) : (
                      r.authorizedMinor
                    )}
                  </TD>
                  <TD>
                    <LocalTime iso={r.createdAt.toISOString()} />
                  </TD>
                  <TD numeric>{ageOf(r.createdAt, now)}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        </div>
      )}
    </div>
  );
}

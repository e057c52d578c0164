import type { Metadata } from "next";
import Link from "next/link";
import { Forbidden } from "@/components/auth/forbidden";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalTime } from "@/components/ui/local-time";
import { MoneyAmount } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { isCurrencyCode } from "@/lib/money";
import { pageAccess } from "@/server/auth/session";
import { appContext } from "@/server/services/app-deps";
import { listPlans } from "@/server/services/recurring/plans/list-plans";
import { listRecurringTokens } from "@/server/services/recurring/recurring";
import { ChargeNow } from "./_components/charge-now";
import { CreatePlan } from "./_components/create-plan";

export const metadata: Metadata = { title: "Recurring" };
export const dynamic = "force-dynamic";

const TONE: Record<string, "success" | "warning" | "danger" | "info" | "neutral"> = {
  captured: "success",
  authorized: "info",
  pending: "info",
  unknown: "warning",
  awaiting_3ds: "warning",
  declined: "danger",
  failed: "danger",
};

export default async function RecurringPage() {
  const { principal, allowed } = await pageAccess("RECURRING_CHARGE");
  if (!allowed) return <Forbidden area="Recurring" permission="RECURRING_CHARGE" />;
  const ctx = await appContext({ principal });
  const [customers, { plans }] = await Promise.all([listRecurringTokens(ctx), listPlans(ctx)]);
  // The live (not cancelled) plan of each token: one at most.
  const livePlan = new Map(plans.filter((p) => p.status !== "cancelled").map((p) => [p.customer.firstPaymentId, p]));
  return (
    <div className="space-y-6">
      <PageHeader
        title="Recurring"
        description="Customers whose first payment started recurring charges (recurring_init): charge their card now, or put them on a billing plan that the dashboard charges on schedule."
        actions={
          <Link className="text-sm font-medium text-brand-700 underline" href="/recurring/plans">
            Billing plans
          </Link>
        }
      />
      {customers.length === 0 ? (
        <EmptyState
          title="No recurring token yet"
          description="A payment made with recurring charges enabled appears here once the gateway has confirmed it."
        />
      ) : (
        customers.map((c) => (
          <Card key={c.email} title={c.email} padded={false}>
            <Table caption={`Recurring tokens of ${c.email}`} captionHidden>
              <THead>
                <TR>
                  <TH>First payment</TH>
                  <TH>Card</TH>
                  <TH>Last charge</TH>
                  <TH>Result</TH>
                  <TH>
                    <span className="sr-only">Actions</span>
                  </TH>
                </TR>
              </THead>
              <TBody>
                {c.tokens.map((t) => (
                  <TR key={t.firstPaymentId}>
                    <TD>
                      <Link className="text-brand-700 underline" href={`/transactions/${t.firstPaymentId}`}>
                        <bdi dir="ltr">{t.firstOrderId}</bdi>
                      </Link>
                      <div className="text-xs text-slate-500">
                        <LocalTime iso={t.createdAt.toISOString()} />
                      </div>
                    </TD>
                    <TD>{t.cardLast4 ? <bdi dir="ltr">•••• {t.cardLast4}</bdi> : "—"}</TD>
                    <TD>
                      {t.lastCharge ? (
                        <>
                          <Link className="underline" href={`/transactions/${t.lastCharge.paymentId}`}>
                            {isCurrencyCode(t.lastCharge.currency) ? (
                              <MoneyAmount value={{ minor: t.lastCharge.amountMinor, currency: t.lastCharge.currency }} />
                            ) : (
                              t.lastCharge.amountMinor
                            )}
                          </Link>
                          <div className="text-xs text-slate-500">
                            <LocalTime iso={t.lastCharge.at.toISOString()} />
                          </div>
                        </>
                      ) : (
                        <span className="text-slate-500">Never charged</span>
                      )}
                    </TD>
                    <TD>
                      {t.lastCharge ? (
                        <>
                          <Badge tone={TONE[t.lastCharge.status] ?? "neutral"}>{t.lastCharge.status.replace(/_/g, " ")}</Badge>
                          {t.lastCharge.reason && <div className="text-xs text-slate-600">{t.lastCharge.reason}</div>}
                        </>
                      ) : (
                        "—"
                      )}
                    </TD>
                    <TD>
                      <div className="flex flex-wrap items-start gap-2">
                        <ChargeNow firstPaymentId={t.firstPaymentId} firstOrderId={t.firstOrderId} currency={t.currency} email={c.email} />
                        {livePlan.has(t.firstPaymentId) ? (
                          <Link className="text-sm text-brand-700 underline" href="/recurring/plans">
                            Plan {livePlan.get(t.firstPaymentId)!.status} · next{" "}
                            <bdi dir="ltr">{livePlan.get(t.firstPaymentId)!.nextChargeDate}</bdi>
                          </Link>
                        ) : (
                          <CreatePlan
                            firstPaymentId={t.firstPaymentId}
                            firstOrderId={t.firstOrderId}
                            currency={t.currency}
                            email={c.email}
                          />
                        )}
                      </div>
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </Card>
        ))
      )}
    </div>
  );
}

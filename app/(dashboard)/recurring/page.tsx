import type { Metadata } from "next";
import Link from "next/link";
import { Forbidden } from "@/components/auth/forbidden";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CardMask } from "@/components/ui/card-mask";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalTime } from "@/components/ui/local-time";
import { MoneyAmount } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { isCurrencyCode } from "@/lib/money";
import { STATUS_TONE, statusLabel } from "@/lib/transactions/labels";
import type { PaymentStatus } from "@/lib/payment-status";
import { pageAccess } from "@/server/auth/session";
import { appContext } from "@/server/services/app-deps";
import { listPlans } from "@/server/services/recurring/plans/list-plans";
import { listRecurringTokens } from "@/server/services/recurring/recurring";
import { ChargeNow } from "./_components/charge-now";
import { CreatePlan } from "./_components/create-plan";

export const metadata: Metadata = { title: "Recurring" };
export const dynamic = "force-dynamic";

// Fixed column widths: a charge fills "Last charge" and "Result" without moving the row's actions (#13).
const COLUMN = { first: "w-[22%]", card: "w-[16%]", last: "w-[17%]", result: "w-[15%]", actions: "w-[30%]" };
// On a phone each token is a card (CSS only): its cells stack in two columns under their own labels, the actions
// on a full-width line, instead of a table scrolled sideways to reach "Charge now".
const PHONE_ROW = "max-sm:grid max-sm:grid-cols-2 max-sm:gap-3 max-sm:p-4";
const CELL =
  "align-top! max-sm:p-0 max-sm:before:mb-0.5 max-sm:before:block max-sm:before:text-xs max-sm:before:font-semibold " +
  "max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]";

export default async function RecurringPage() {
  const { principal, allowed } = await pageAccess("RECURRING_CHARGE");
  if (!allowed) return <Forbidden area="Recurring" permission="RECURRING_CHARGE" />;
  const ctx = await appContext({ principal });
  // The interfaces are configuration (RECURRING_INTERFACE, PLAN_CHARGE_INTERFACE): the dialogs only learn whether
  // the form interface's whole-units rule applies.
  const wholeUnits = { charge: ctx.deps.config.recurring.interface === "form", plan: ctx.deps.config.plans.defaultInterface === "form" };
  const [customers, { plans }] = await Promise.all([listRecurringTokens(ctx), listPlans(ctx)]);
  // The live (not cancelled) plan of each token: one at most.
  const livePlan = new Map(plans.filter((p) => p.status !== "cancelled").map((p) => [p.customer.firstPaymentId, p]));
  return (
    <div className="space-y-6">
      <PageHeader
        title="Recurring"
        description="Customers whose first payment started recurring charges: charge their card now, or put them on a billing plan that the dashboard charges on schedule."
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
            <Table caption={`Recurring tokens of ${c.email}`} captionHidden className="table-fixed sm:min-w-[52rem] max-sm:block">
              <THead className="max-sm:hidden">
                <TR>
                  <TH className={COLUMN.first}>First payment</TH>
                  <TH className={COLUMN.card}>Card</TH>
                  <TH className={COLUMN.last}>Last charge</TH>
                  <TH className={COLUMN.result}>Result</TH>
                  <TH className={COLUMN.actions}>
                    <span className="sr-only">Actions</span>
                  </TH>
                </TR>
              </THead>
              <TBody className="max-sm:block">
                {c.tokens.map((t) => (
                  <TR key={t.firstPaymentId} className={PHONE_ROW}>
                    <TD className={CELL} data-label="First payment">
                      <Link className="break-all text-brand-700 underline" href={`/transactions/${t.firstPaymentId}`}>
                        <bdi dir="ltr">{t.firstOrderId}</bdi>
                      </Link>
                      <div className="text-xs text-slate-500">
                        <LocalTime iso={t.createdAt.toISOString()} />
                      </div>
                    </TD>
                    <TD className={CELL} data-label="Card">
                      <CardMask card={{ brand: t.cardBrand, last4: t.cardLast4 }} fallback="—" />
                    </TD>
                    <TD className={CELL} data-label="Last charge">
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
                            <LocalTime iso={t.lastCharge.at.toISOString()} relative />
                          </div>
                        </>
                      ) : (
                        <span className="text-slate-500">Never charged</span>
                      )}
                    </TD>
                    <TD className={CELL} data-label="Result">
                      {t.lastCharge ? (
                        <>
                          <Badge tone={STATUS_TONE[t.lastCharge.status as PaymentStatus] ?? "neutral"}>
                            {statusLabel(t.lastCharge.status)}
                          </Badge>
                          {t.lastCharge.reason && (
                            <div dir="auto" className="text-xs text-slate-600">
                              {t.lastCharge.reason}
                            </div>
                          )}
                        </>
                      ) : (
                        "—"
                      )}
                    </TD>
                    <TD className={`${CELL} max-sm:col-span-2`}>
                      <ChargeNow
                        firstPaymentId={t.firstPaymentId}
                        firstOrderId={t.firstOrderId}
                        currency={t.currency}
                        email={c.email}
                        wholeUnits={wholeUnits.charge}
                      >
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
                            wholeUnits={wholeUnits.plan}
                          />
                        )}
                      </ChargeNow>
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

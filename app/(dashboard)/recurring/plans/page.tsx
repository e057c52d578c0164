import type { Metadata } from "next";
import Link from "next/link";
import { Forbidden } from "@/components/auth/forbidden";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalTime } from "@/components/ui/local-time";
import { CardMask } from "@/components/ui/card-mask";
import { MoneyAmount } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { isCurrencyCode } from "@/lib/money";
import { PLAN_INTERVAL_LABEL, PLAN_STATUSES, type PlanStatus } from "@/lib/schemas/billing-plans";
import { pageAccess } from "@/server/auth/session";
import { appContext } from "@/server/services/app-deps";
import { listPlans, type PlanView } from "@/server/services/recurring/plans/list-plans";
import { PlanActions } from "./_components/plan-actions";
import { outcomeOf, PLAN_STATUS_LABEL, PLAN_STATUS_TONE } from "./_components/plan-labels";

export const metadata: Metadata = { title: "Billing plans" };
export const dynamic = "force-dynamic";

function Amount({ minor, currency }: { minor: number; currency: string }) {
  return isCurrencyCode(currency) ? <MoneyAmount value={{ minor, currency }} /> : <bdi dir="ltr">{`${currency} ${minor}`}</bdi>;
}

function Customer({ c }: { c: PlanView["customer"] }) {
  return (
    <>
      <span dir="auto">{c.name ?? c.email ?? "—"}</span>
      {c.email && (
        <span className="block text-xs text-slate-600">
          <bdi dir="ltr">{c.email}</bdi>
        </span>
      )}
      {c.cardLast4 && (
        <span className="block text-xs text-slate-600">
          <CardMask card={{ brand: c.cardBrand, last4: c.cardLast4 }} />
        </span>
      )}
    </>
  );
}

const planLabel = (p: PlanView) => `${p.description} · ${p.customer.email ?? p.customer.firstOrderId}`;

export default async function BillingPlansPage({ searchParams }: { searchParams: Promise<{ status?: string }> }) {
  const { principal, allowed } = await pageAccess("RECURRING_CHARGE");
  if (!allowed) return <Forbidden area="Billing plans" permission="RECURRING_CHARGE" />;
  const raw = (await searchParams).status;
  const status = PLAN_STATUSES.includes(raw as PlanStatus) ? (raw as PlanStatus) : undefined;
  const { plans, upcoming, failed } = await listPlans(await appContext({ principal }), { status });
  return (
    <div className="space-y-6">
      <PageHeader
        title="Billing plans"
        back={{ href: "/recurring", label: "Recurring" }}
        description="Scheduled charges on recurring tokens. The dashboard charges each due cycle once; a declined charge is retried on the configured schedule, then the plan is paused. Dates are UTC. Create a plan from a customer's token on the Recurring page."
      />

      <Card
        title="Upcoming charges"
        description="Active plans, soonest first. A charge whose outcome is not known yet is confirmed with the gateway before the plan moves on."
        padded={false}
      >
        {upcoming.length === 0 ? (
          <p className="px-5 py-4 text-sm text-slate-600">No active plan.</p>
        ) : (
          <Table caption="Upcoming charges" captionHidden>
            <THead>
              <TR>
                <TH>Due</TH>
                <TH>Customer</TH>
                <TH>Plan</TH>
                <TH numeric>Amount</TH>
                <TH>Note</TH>
              </TR>
            </THead>
            <TBody>
              {upcoming.map((p) => (
                <TR key={p.id} data-testid="upcoming-charge" data-plan-id={p.id}>
                  <TD>{p.attempt > 0 ? <LocalTime iso={p.nextAttemptAt} /> : <bdi dir="ltr">{p.nextChargeDate}</bdi>}</TD>
                  <TD>
                    <Customer c={p.customer} />
                  </TD>
                  <TD>
                    <span dir="auto">{p.description}</span>
                    <span className="block text-xs text-slate-600">{PLAN_INTERVAL_LABEL[p.interval]}</span>
                  </TD>
                  <TD numeric>
                    <Amount minor={p.amountMinor} currency={p.currency} />
                  </TD>
                  <TD>
                    {p.inFlight ? (
                      <Badge tone={outcomeOf(p.inFlight.outcome).tone}>{outcomeOf(p.inFlight.outcome).label}</Badge>
                    ) : p.attempt > 0 ? (
                      <span className="text-sm text-amber-800">
                        Retry {p.attempt} of {p.retriesAllowed} for the cycle of <bdi dir="ltr">{p.nextChargeDate}</bdi>
                      </span>
                    ) : (
                      "—"
                    )}
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </Card>

      <Card
        title="Failed charges"
        description="Declined or refused attempts, newest first, with the reason and when the next retry is due."
        padded={false}
      >
        {failed.length === 0 ? (
          <p className="px-5 py-4 text-sm text-slate-600">No failed charge.</p>
        ) : (
          <Table caption="Failed charges" captionHidden>
            <THead>
              <TR>
                <TH>When</TH>
                <TH>Customer</TH>
                <TH numeric>Amount</TH>
                <TH>Attempt</TH>
                <TH>Reason</TH>
                <TH>Next retry</TH>
              </TR>
            </THead>
            <TBody>
              {failed.map((f) => (
                <TR key={f.id} data-testid="failed-charge" data-plan-id={f.planId}>
                  <TD>
                    <LocalTime iso={f.at} />
                    {f.paymentId && (
                      <Link className="block text-xs text-brand-700 underline" href={`/transactions/${f.paymentId}`}>
                        <bdi dir="ltr">{f.orderId}</bdi>
                      </Link>
                    )}
                  </TD>
                  <TD>
                    <Customer c={f.plan.customer} />
                  </TD>
                  <TD numeric>
                    <Amount minor={f.plan.amountMinor} currency={f.plan.currency} />
                  </TD>
                  <TD>
                    {f.attempt === 0 ? "First try" : `Retry ${f.attempt}`} · cycle <bdi dir="ltr">{f.cycleDate}</bdi>
                  </TD>
                  <TD>
                    <span dir="auto">{f.reason ?? "—"}</span>
                  </TD>
                  <TD>
                    {f.nextRetryAt ? (
                      <LocalTime iso={f.nextRetryAt} />
                    ) : (
                      <span className="text-slate-600">No retry: plan {f.plan.status === "active" ? "moved on" : f.plan.status}</span>
                    )}
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </Card>

      <Card
        title="All plans"
        padded={false}
        actions={
          <nav aria-label="Filter plans by status" className="flex flex-wrap gap-3 text-sm">
            {[undefined, ...PLAN_STATUSES].map((s) => (
              <Link
                key={s ?? "all"}
                href={s ? `/recurring/plans?status=${s}` : "/recurring/plans"}
                aria-current={s === status ? "page" : undefined}
                className={s === status ? "font-semibold text-slate-900" : "text-brand-700 underline"}
              >
                {s ? PLAN_STATUS_LABEL[s] : "All"}
              </Link>
            ))}
          </nav>
        }
      >
        {plans.length === 0 ? (
          <div className="p-5">
            <EmptyState title="No billing plan" description="Create a plan from a customer's recurring token on the Recurring page." />
          </div>
        ) : (
          <Table caption="Billing plans, newest first" captionHidden>
            <THead>
              <TR>
                <TH>Customer</TH>
                <TH>Plan</TH>
                <TH numeric>Amount</TH>
                <TH>Status</TH>
                <TH>Next charge</TH>
                <TH>Last result</TH>
                <TH>
                  <span className="sr-only">Actions</span>
                </TH>
              </TR>
            </THead>
            <TBody>
              {plans.map((p) => (
                <TR key={p.id} data-testid="plan-row" data-plan-id={p.id}>
                  <TD>
                    <Customer c={p.customer} />
                  </TD>
                  <TD>
                    <span dir="auto">{p.description}</span>
                    <span className="block text-xs text-slate-600">
                      {PLAN_INTERVAL_LABEL[p.interval]} · from <bdi dir="ltr">{p.anchorDate}</bdi>
                      {/* The interface is configuration, not the plan's business: named only where it limits the amount. */}
                      {p.interface === "form" && (
                        <span title="Charged through the gateway's form call (RECURRING_SALE)"> · whole units only</span>
                      )}
                    </span>
                  </TD>
                  <TD numeric>
                    <Amount minor={p.amountMinor} currency={p.currency} />
                  </TD>
                  <TD>
                    <Badge tone={PLAN_STATUS_TONE[p.status]} dot>
                      {PLAN_STATUS_LABEL[p.status]}
                    </Badge>
                    {p.pauseReason && p.status === "paused" && (
                      <span dir="auto" className="mt-1 block max-w-xs text-xs text-slate-700">
                        {p.pauseReason}
                      </span>
                    )}
                  </TD>
                  <TD>
                    {p.status === "cancelled" ? (
                      "—"
                    ) : (
                      <bdi dir="ltr" data-testid="next-charge-date">
                        {p.nextChargeDate}
                      </bdi>
                    )}
                  </TD>
                  <TD>
                    {p.inFlight && (
                      <span className="mb-1 block">
                        <Badge tone={outcomeOf(p.inFlight.outcome).tone}>{outcomeOf(p.inFlight.outcome).label}</Badge>
                      </span>
                    )}
                    {p.lastCharge ? (
                      <>
                        <Badge tone={outcomeOf(p.lastCharge.outcome).tone}>{outcomeOf(p.lastCharge.outcome).label}</Badge>
                        {p.lastCharge.reason && (
                          <span dir="auto" className="block text-xs text-slate-700">
                            {p.lastCharge.reason}
                          </span>
                        )}
                        {p.lastCharge.paymentId && (
                          <Link className="block text-xs text-brand-700 underline" href={`/transactions/${p.lastCharge.paymentId}`}>
                            <LocalTime iso={p.lastCharge.at} />
                          </Link>
                        )}
                      </>
                    ) : p.inFlight ? null : (
                      <span className="text-slate-500">No charge yet</span>
                    )}
                  </TD>
                  <TD>
                    <PlanActions planId={p.id} status={p.status} label={planLabel(p)} />
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </Card>
    </div>
  );
}

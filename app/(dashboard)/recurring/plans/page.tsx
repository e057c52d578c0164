import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { translateKeyedNested } from "@/lib/i18n/keyed-message";
import { ClientMessages } from "@/components/i18n/client-messages";
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
import { PLAN_STATUSES, type PlanStatus } from "@/lib/schemas/billing-plans";
import { pageAccess } from "@/server/auth/session";
import { appContext } from "@/server/services/app-deps";
import { listPlans, type PlanView } from "@/server/services/recurring/plans/list-plans";
import { PlanActions } from "./_components/plan-actions";
import { outcomeOf, PLAN_STATUS_TONE } from "./_components/plan-labels";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("recurring.plans");
  return { title: t("title") };
}
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

/** A charge outcome as a badge: its words from the catalog, or its code when it has none. */
async function OutcomeBadge({ outcome }: { outcome: string }) {
  const t = await getTranslations("recurring.outcome");
  const o = outcomeOf(outcome);
  return <Badge tone={o.tone}>{o.key ? t(o.key) : o.raw}</Badge>;
}

const planLabel = (p: PlanView) => `${p.description} · ${p.customer.email ?? p.customer.firstOrderId}`;

/** How the plan ends: "Ends 31 Mar 2027", "3 of 12 charges", "No end". */
async function PlanEnd({ p }: { p: PlanView }) {
  const [t, format] = await Promise.all([getTranslations("recurring.plans.all"), getFormatter()]);
  if (p.maxCharges !== null) return <>{t("chargesOf", { made: p.chargesMade, total: p.maxCharges })}</>;
  if (p.endDate === null) return <span className="text-slate-600">{t("noEnd")}</span>;
  // A calendar day of the business zone: shown as that day, whatever the reader's clock.
  const day = format.dateTime(new Date(`${p.endDate}T00:00:00Z`), { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  return (
    <>
      {t.rich(p.status === "completed" ? "endedOn" : "endsOn", {
        date: () => (
          <bdi className="whitespace-nowrap" data-end-date={p.endDate}>
            {day}
          </bdi>
        ),
      })}
    </>
  );
}

export default async function BillingPlansPage({ searchParams }: { searchParams: Promise<{ status?: string }> }) {
  const { principal, allowed } = await pageAccess("RECURRING_CHARGE");
  const [tr, t, tReason] = await Promise.all([
    getTranslations("recurring"),
    getTranslations("recurring.plans"),
    getTranslations("recurring.plans.reasons"),
  ]);
  // Reasons the dashboard wrote are stored as keyed messages; the gateway's own words and a person's are shown as they are.
  const reasonText = (text: string) => translateKeyedNested(tReason, text);
  if (!allowed) return <Forbidden area={t("title")} permission="RECURRING_CHARGE" />;
  const raw = (await searchParams).status;
  const status = PLAN_STATUSES.includes(raw as PlanStatus) ? (raw as PlanStatus) : undefined;
  const ctx = await appContext({ principal });
  const { plans, upcoming, failed } = await listPlans(ctx, { status });
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("title")}
        back={{ href: "/recurring", label: t("back") }}
        description={t("description", { zone: ctx.deps.config.reportTimeZone })}
      />

      <Card title={t("upcoming.title")} description={t("upcoming.description")} padded={false}>
        {upcoming.length === 0 ? (
          <p className="px-5 py-4 text-sm text-slate-600">{t("upcoming.none")}</p>
        ) : (
          <Table caption={t("upcoming.title")} captionHidden>
            <THead>
              <TR>
                <TH>{t("upcoming.due")}</TH>
                <TH>{t("upcoming.customer")}</TH>
                <TH>{t("upcoming.plan")}</TH>
                <TH numeric>{t("upcoming.amount")}</TH>
                <TH>{t("upcoming.note")}</TH>
              </TR>
            </THead>
            <TBody>
              {upcoming.map((p) => (
                <TR key={p.id} data-testid="upcoming-charge" data-plan-id={p.id}>
                  <TD>
                    {p.attempt > 0 ? (
                      <LocalTime iso={p.nextAttemptAt} />
                    ) : (
                      <bdi dir="ltr" className="whitespace-nowrap">
                        {p.nextChargeDate}
                      </bdi>
                    )}
                  </TD>
                  <TD>
                    <Customer c={p.customer} />
                  </TD>
                  <TD>
                    <span dir="auto">{p.description}</span>
                    <span className="block text-xs text-slate-600">{tr(`interval.${p.interval}`)}</span>
                  </TD>
                  <TD numeric>
                    <Amount minor={p.amountMinor} currency={p.currency} />
                  </TD>
                  <TD>
                    {p.inFlight ? (
                      <OutcomeBadge outcome={p.inFlight.outcome} />
                    ) : p.attempt > 0 ? (
                      <span className="text-sm text-amber-800">
                        {t.rich("upcoming.retry", {
                          attempt: p.attempt,
                          allowed: p.retriesAllowed,
                          date: () => (
                            <bdi dir="ltr" className="whitespace-nowrap">
                              {p.nextChargeDate}
                            </bdi>
                          ),
                        })}
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

      <Card title={t("failed.title")} description={t("failed.description")} padded={false}>
        {failed.length === 0 ? (
          <p className="px-5 py-4 text-sm text-slate-600">{t("failed.none")}</p>
        ) : (
          <Table caption={t("failed.title")} captionHidden>
            <THead>
              <TR>
                <TH>{t("failed.when")}</TH>
                <TH>{t("failed.customer")}</TH>
                <TH numeric>{t("failed.amount")}</TH>
                <TH>{t("failed.attempt")}</TH>
                <TH>{t("failed.reason")}</TH>
                <TH>{t("failed.nextRetry")}</TH>
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
                    {f.attempt === 0
                      ? t.rich("failed.firstTry", {
                          date: () => (
                            <bdi dir="ltr" className="whitespace-nowrap">
                              {f.cycleDate}
                            </bdi>
                          ),
                        })
                      : t.rich("failed.retryN", {
                          n: f.attempt,
                          date: () => (
                            <bdi dir="ltr" className="whitespace-nowrap">
                              {f.cycleDate}
                            </bdi>
                          ),
                        })}
                  </TD>
                  <TD>
                    <span dir="auto">{f.reason ? reasonText(f.reason) : "—"}</span>
                  </TD>
                  <TD>
                    {f.nextRetryAt ? (
                      <LocalTime iso={f.nextRetryAt} />
                    ) : (
                      <span className="text-slate-600">
                        {f.plan.status === "active"
                          ? t("failed.noRetryMovedOn")
                          : t("failed.noRetry", { state: tr(`planState.${f.plan.status}`) })}
                      </span>
                    )}
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </Card>

      {/* The plan actions' dialogs speak recurring's words. */}
      <ClientMessages namespaces={["recurring"]}>
        <Card
          title={t("all.title")}
          padded={false}
          actions={
            <nav aria-label={t("all.filter")} className="flex flex-wrap gap-3 text-sm">
              {[undefined, ...PLAN_STATUSES].map((s) => (
                <Link
                  key={s ?? "all"}
                  href={s ? `/recurring/plans?status=${s}` : "/recurring/plans"}
                  aria-current={s === status ? "page" : undefined}
                  className={s === status ? "font-semibold text-slate-900" : "text-brand-700 underline"}
                >
                  {s ? tr(`planStatus.${s}`) : t("all.all")}
                </Link>
              ))}
            </nav>
          }
        >
          {plans.length === 0 ? (
            <div className="p-5">
              <EmptyState title={t("all.emptyTitle")} description={t("all.emptyDescription")} />
            </div>
          ) : (
            <Table caption={t("all.caption")} captionHidden>
              <THead>
                <TR>
                  <TH>{t("all.customer")}</TH>
                  <TH>{t("all.plan")}</TH>
                  <TH numeric>{t("all.amount")}</TH>
                  <TH>{t("all.status")}</TH>
                  <TH>{t("all.nextCharge")}</TH>
                  <TH>{t("all.end")}</TH>
                  <TH>{t("all.lastResult")}</TH>
                  <TH>
                    <span className="sr-only">{t("all.actions")}</span>
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
                        {t.rich("all.from", {
                          interval: tr(`interval.${p.interval}`),
                          date: () => (
                            <bdi dir="ltr" className="whitespace-nowrap">
                              {p.anchorDate}
                            </bdi>
                          ),
                        })}
                        {/* The interface is configuration, not the plan's business: named only where it limits the amount. */}
                        {p.interface === "form" && <span title={t("all.wholeUnitsTitle")}>{t("all.wholeUnits")}</span>}
                      </span>
                    </TD>
                    <TD numeric>
                      <Amount minor={p.amountMinor} currency={p.currency} />
                    </TD>
                    <TD>
                      <Badge tone={PLAN_STATUS_TONE[p.status]} dot>
                        {tr(`planStatus.${p.status}`)}
                      </Badge>
                      {p.pauseReason && p.status === "paused" && (
                        <span dir="auto" className="mt-1 block max-w-xs text-xs text-slate-700">
                          {reasonText(p.pauseReason)}
                        </span>
                      )}
                    </TD>
                    <TD>
                      {p.status === "cancelled" || p.status === "completed" ? (
                        "—"
                      ) : (
                        <bdi dir="ltr" className="whitespace-nowrap" data-testid="next-charge-date">
                          {p.nextChargeDate}
                        </bdi>
                      )}
                    </TD>
                    <TD>
                      <span data-testid="plan-end">
                        <PlanEnd p={p} />
                      </span>
                    </TD>
                    <TD>
                      {p.inFlight && (
                        <span className="mb-1 block">
                          <OutcomeBadge outcome={p.inFlight.outcome} />
                        </span>
                      )}
                      {p.lastCharge ? (
                        <>
                          <OutcomeBadge outcome={p.lastCharge.outcome} />
                          {p.lastCharge.reason && (
                            <span dir="auto" className="block text-xs text-slate-700">
                              {reasonText(p.lastCharge.reason)}
                            </span>
                          )}
                          {p.lastCharge.paymentId && (
                            <Link className="block text-xs text-brand-700 underline" href={`/transactions/${p.lastCharge.paymentId}`}>
                              <LocalTime iso={p.lastCharge.at} />
                            </Link>
                          )}
                        </>
                      ) : p.inFlight ? null : (
                        <span className="text-slate-500">{t("all.noChargeYet")}</span>
                      )}
                    </TD>
                    <TD>
                      <PlanActions
                        status={p.status}
                        edit={{
                          planId: p.id,
                          label: planLabel(p),
                          currency: p.currency,
                          amountMinor: p.amountMinor,
                          interval: p.interval,
                          nextChargeDate: p.nextChargeDate,
                          endDate: p.endDate,
                          maxCharges: p.maxCharges,
                          chargesMade: p.chargesMade,
                          inFlight: p.inFlight !== null,
                          wholeUnits: p.interface === "form",
                        }}
                      />
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          )}
        </Card>
      </ClientMessages>
    </div>
  );
}

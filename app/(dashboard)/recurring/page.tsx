import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
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
import { statusText } from "@/lib/i18n/vocab";
import { STATUS_TONE } from "@/lib/transactions/labels";
import type { PaymentStatus } from "@/lib/payment-status";
import { isLivePlan } from "@/lib/schemas/billing-plans-values";
import { pageAccess } from "@/server/auth/session";
import { appContext } from "@/server/services/app-deps";
import { listPlans } from "@/server/services/recurring/plans/list-plans";
import { listRecurringTokens } from "@/server/services/recurring/recurring";
import { ChargeNow } from "./_components/charge-now";
import { CreatePlan } from "./_components/create-plan";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("recurring");
  return { title: t("title") };
}
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
  const [t, tv] = await Promise.all([getTranslations("recurring"), getTranslations("vocab")]);
  if (!allowed) return <Forbidden area={t("title")} permission="RECURRING_CHARGE" />;
  const ctx = await appContext({ principal });
  // The interfaces are configuration (RECURRING_INTERFACE, PLAN_CHARGE_INTERFACE): the dialogs only learn whether
  // the form interface's whole-units rule applies.
  const wholeUnits = { charge: ctx.deps.config.recurring.interface === "form", plan: ctx.deps.config.plans.defaultInterface === "form" };
  const [customers, { plans }] = await Promise.all([listRecurringTokens(ctx), listPlans(ctx)]);
  // The live (active or paused) plan of each token: one at most.
  const livePlan = new Map(plans.filter((p) => isLivePlan(p.status)).map((p) => [p.customer.firstPaymentId, p]));
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Link className="text-sm font-medium text-brand-700 underline" href="/recurring/plans">
            {t("billingPlansLink")}
          </Link>
        }
      />
      {customers.length === 0 ? (
        <EmptyState title={t("empty.title")} description={t("empty.description")} />
      ) : (
        <ClientMessages namespaces={["recurring"]}>
          {customers.map((c) => (
            <Card key={c.email} title={<bdi dir="ltr">{c.email}</bdi>} padded={false}>
              <Table caption={t("tokensOf", { email: c.email })} captionHidden className="table-fixed sm:min-w-[52rem] max-sm:block">
                <THead className="max-sm:hidden">
                  <TR>
                    <TH className={COLUMN.first}>{t("columns.firstPayment")}</TH>
                    <TH className={COLUMN.card}>{t("columns.card")}</TH>
                    <TH className={COLUMN.last}>{t("columns.lastCharge")}</TH>
                    <TH className={COLUMN.result}>{t("columns.result")}</TH>
                    <TH className={COLUMN.actions}>
                      <span className="sr-only">{t("columns.actions")}</span>
                    </TH>
                  </TR>
                </THead>
                <TBody className="max-sm:block">
                  {c.tokens.map((tok) => (
                    <TR key={tok.firstPaymentId} className={PHONE_ROW}>
                      <TD className={CELL} data-label={t("columns.firstPayment")}>
                        <Link className="break-all text-brand-700 underline" href={`/transactions/${tok.firstPaymentId}`}>
                          <bdi dir="ltr">{tok.firstOrderId}</bdi>
                        </Link>
                        <div className="text-xs text-slate-500">
                          <LocalTime iso={tok.createdAt.toISOString()} />
                        </div>
                      </TD>
                      <TD className={CELL} data-label={t("columns.card")}>
                        <CardMask card={{ brand: tok.cardBrand, last4: tok.cardLast4 }} fallback="—" />
                      </TD>
                      <TD className={CELL} data-label={t("columns.lastCharge")}>
                        {tok.lastCharge ? (
                          <>
                            <Link className="underline" href={`/transactions/${tok.lastCharge.paymentId}`}>
                              {isCurrencyCode(tok.lastCharge.currency) ? (
                                <MoneyAmount value={{ minor: tok.lastCharge.amountMinor, currency: tok.lastCharge.currency }} />
                              ) : (
                                tok.lastCharge.amountMinor
                              )}
                            </Link>
                            <div className="text-xs text-slate-500">
                              <LocalTime iso={tok.lastCharge.at.toISOString()} relative />
                            </div>
                          </>
                        ) : (
                          <span className="text-slate-500">{t("neverCharged")}</span>
                        )}
                      </TD>
                      <TD className={CELL} data-label={t("columns.result")}>
                        {tok.lastCharge ? (
                          <>
                            <Badge tone={STATUS_TONE[tok.lastCharge.status as PaymentStatus] ?? "neutral"}>
                              {statusText(tv, tok.lastCharge.status)}
                            </Badge>
                            {tok.lastCharge.reason && (
                              <div dir="auto" className="text-xs text-slate-600">
                                {tok.lastCharge.reason}
                              </div>
                            )}
                          </>
                        ) : (
                          "—"
                        )}
                      </TD>
                      <TD className={`${CELL} max-sm:col-span-2`}>
                        <ChargeNow
                          firstPaymentId={tok.firstPaymentId}
                          firstOrderId={tok.firstOrderId}
                          currency={tok.currency}
                          email={c.email}
                          wholeUnits={wholeUnits.charge}
                        >
                          {livePlan.has(tok.firstPaymentId) ? (
                            // 24 px tall (WCAG 2.2 target size: 20 px of line and 2 px above and below); inline-block,
                            // not flex, which would drop the space between "next" and the date.
                            <Link className="inline-block py-0.5 text-sm text-brand-700 underline" href="/recurring/plans">
                              {t.rich("livePlan", {
                                state: t(`planState.${livePlan.get(tok.firstPaymentId)!.status}`),
                                date: () => (
                                  <bdi dir="ltr" className="whitespace-nowrap">
                                    {livePlan.get(tok.firstPaymentId)!.nextChargeDate}
                                  </bdi>
                                ),
                              })}
                            </Link>
                          ) : (
                            <CreatePlan
                              firstPaymentId={tok.firstPaymentId}
                              firstOrderId={tok.firstOrderId}
                              currency={tok.currency}
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
          ))}
        </ClientMessages>
      )}
    </div>
  );
}

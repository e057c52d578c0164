// The customer page's sections, server-rendered: payments, saved cards, recurring tokens and billing plans. Each
// is a list that reads as rows on a wide screen and as stacked cards on a phone (one markup, no sideways scroll).
import { ClientMessages } from "@/components/i18n/client-messages";
import { ChargeNow } from "../../../recurring/_components/charge-now";
import { CreatePlan } from "../../../recurring/_components/create-plan";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CardMask } from "@/components/ui/card-mask";
import { LocalTime } from "@/components/ui/local-time";
import { MoneyAmount } from "@/components/ui/money";
import { NoteList } from "@/components/notes/note-list";
import { PLAN_INTERVALS, PLAN_STATUSES, type PlanInterval, type PlanStatus } from "@/lib/schemas/billing-plans-values";
import { statusText, typeText } from "@/lib/i18n/vocab";
import { statusTone } from "@/lib/transactions/labels";
import type { CustomerPayment, CustomerPlan, CustomerView } from "@/server/services/customers/customer-page";
import { PLAN_STATUS_TONE } from "../../../recurring/plans/_components/plan-labels";

const isPlanStatus = (s: string): s is PlanStatus => (PLAN_STATUSES as readonly string[]).includes(s);
const isPlanInterval = (s: string): s is PlanInterval => (PLAN_INTERVALS as readonly string[]).includes(s);

// Phones: two columns (what / amount, then status / card and time); wide screens: four, amount last.
const ROW =
  "grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-1.5 px-4 py-3 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-center sm:gap-4";

function Rows({ label, empty, children }: { label: string; empty: string; children: ReactNode[] }) {
  if (children.length === 0) return <p className="px-4 py-4 text-sm text-slate-600">{empty}</p>;
  return (
    <ul aria-label={label} className="divide-y divide-slate-100">
      {children}
    </ul>
  );
}

async function PaymentRow({ p, linked, children }: { p: CustomerPayment; linked: boolean; children?: ReactNode }) {
  const tv = await getTranslations("vocab");
  const order = <bdi dir="ltr">{p.orderId}</bdi>;
  return (
    <li className={ROW} data-testid="customer-payment">
      <span className="min-w-0">
        {linked ? (
          <Link href={`/transactions/${p.id}`} className="font-medium break-all text-brand-700 hover:underline">
            {order}
          </Link>
        ) : (
          <span className="font-medium break-all">{order}</span>
        )}
        <span className="block text-xs text-slate-600">{typeText(tv, p.kind, p.intent)}</span>
      </span>
      <span className="text-end font-medium sm:order-last">{p.amount ? <MoneyAmount value={p.amount} /> : "—"}</span>
      <span>
        <Badge tone={statusTone(p.status)} dot>
          {statusText(tv, p.status)}
        </Badge>
      </span>
      <span className="text-end text-sm text-slate-700 sm:text-start">
        <CardMask card={p.card} fallback="—" />
        <span className="block text-xs text-slate-600">
          <LocalTime iso={p.createdAt} relative />
        </span>
      </span>
      {children}
    </li>
  );
}

export async function PaymentsSection({ view }: { view: CustomerView }) {
  const [t, format] = await Promise.all([getTranslations("customers.customer"), getFormatter()]);
  const more = view.paymentsTotal - view.payments.length;
  const total = format.number(view.paymentsTotal);
  return (
    <Card
      title={t("payments")}
      description={more > 0 ? t("latest", { shown: format.number(view.payments.length), total }) : t("inAll", { total })}
      padded={false}
    >
      <Rows label={t("payments")} empty={t("noPayments")}>
        {view.payments.map((p) => (
          <PaymentRow key={p.id} p={p} linked />
        ))}
      </Rows>
    </Card>
  );
}

export async function SavedCardsSection({ cards }: { cards: NonNullable<CustomerView["savedCards"]> }) {
  const t = await getTranslations("customers.customer");
  return (
    <Card title={t("savedCards")} description={t("savedCardsHint")} padded={false}>
      {cards.error && (
        <Alert tone="warning" className="m-4">
          {cards.error}
        </Alert>
      )}
      <Rows label={t("savedCards")} empty={cards.error ? t("savedCardsUnreadable") : t("noSavedCard")}>
        {cards.cards.map((c) => (
          <li key={c.cardToken} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm" data-testid="customer-saved-card">
            <CardMask card={{ brand: c.brand, last4: c.last4 }} fallback={<bdi dir="ltr">{c.maskedCardNumber}</bdi>} />
            <span className="text-slate-600">
              {t.rich("expires", {
                date: () => (
                  <bdi dir="ltr" className="whitespace-nowrap">
                    {c.expiry}
                  </bdi>
                ),
              })}
            </span>
            {c.active ? <Badge tone="success">{t("active")}</Badge> : <Badge tone="neutral">{t("inactive")}</Badge>}
          </li>
        ))}
      </Rows>
    </Card>
  );
}

/** What a holder of RECURRING_CHARGE may do from the customer's page: charge a token now, or start a plan on it. */
export interface RecurringActions {
  email: string;
  wholeUnits: { charge: boolean; plan: boolean };
  /** First payments that already carry a live plan (no second one can start). */
  withPlan: ReadonlySet<string>;
}

export async function RecurringSection({
  tokens,
  linked,
  actions,
}: {
  tokens: CustomerPayment[];
  linked: boolean;
  actions?: RecurringActions;
}) {
  const t = await getTranslations("customers.customer");
  const rows = tokens.map((p) => {
    const token =
      actions && p.amount ? { firstPaymentId: p.id, firstOrderId: p.orderId, currency: p.amount.currency, email: actions.email } : null;
    return (
      <PaymentRow key={p.id} p={p} linked={linked}>
        {actions && token && (
          // After the amount, which the wide row places last too: the amount stays in its column of the first line.
          <div className="col-span-full sm:order-last">
            <ChargeNow {...token} wholeUnits={actions.wholeUnits.charge}>
              {!actions.withPlan.has(p.id) && <CreatePlan {...token} wholeUnits={actions.wholeUnits.plan} />}
            </ChargeNow>
          </div>
        )}
      </PaymentRow>
    );
  });
  const list = (
    <Rows label={t("recurring")} empty={t("noRecurring")}>
      {rows}
    </Rows>
  );
  return (
    <Card title={t("recurring")} description={t("recurringHint")} padded={false}>
      {actions ? <ClientMessages namespaces={["recurring"]}>{list}</ClientMessages> : list}
    </Card>
  );
}

export async function PlansSection({ plans }: { plans: CustomerPlan[] }) {
  const [t, tr] = await Promise.all([getTranslations("customers.customer"), getTranslations("recurring")]);
  return (
    <Card
      title={t("plans")}
      actions={
        plans.length > 0 ? (
          <Link href="/recurring/plans" className="text-sm font-medium text-brand-700 hover:underline">
            {t("allPlans")}
          </Link>
        ) : undefined
      }
      padded={false}
    >
      <Rows label={t("plans")} empty={t("noPlan")}>
        {plans.map((p) => (
          <li key={p.id} className={ROW} data-testid="customer-plan">
            <span className="min-w-0 font-medium" dir="auto">
              {p.description}
            </span>
            <span className="text-end font-medium sm:order-last">{p.amount ? <MoneyAmount value={p.amount} /> : "—"}</span>
            <span>
              <Badge tone={PLAN_STATUS_TONE[p.status as PlanStatus] ?? "neutral"} dot>
                {isPlanStatus(p.status) ? tr(`planStatus.${p.status}`) : p.status}
              </Badge>
            </span>
            <span className="text-end text-sm text-slate-700 sm:text-start">
              {isPlanInterval(p.interval) ? tr(`interval.${p.interval}`) : p.interval}
              {p.nextChargeAt && (
                <span className="block text-xs text-slate-600">
                  {t.rich("nextCharge", { time: () => <LocalTime iso={p.nextChargeAt ?? ""} relative /> })}
                </span>
              )}
            </span>
          </li>
        ))}
      </Rows>
    </Card>
  );
}

/** Staff's notes on this customer's payments, newest first, each under its order (a link to the payment). */
export async function NotesSection({ notes }: { notes: CustomerView["notes"] }) {
  const t = await getTranslations("customers.customer");
  return (
    <Card title={t("notes")} description={t("notesHint")}>
      <NoteList
        notes={notes.map((n) => ({ ...n, order: { id: n.orderId, paymentId: n.paymentId } }))}
        empty={t("noNotes")}
        testId="customer-notes"
      />
    </Card>
  );
}

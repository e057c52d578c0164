import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { declineReasonText, type DeclineWords } from "@/lib/i18n/decline-reasons";
import { statusText, typeText } from "@/lib/i18n/vocab";
import { currentUiPrefs } from "@/server/i18n/prefs";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { Forbidden } from "@/components/auth/forbidden";
import { Badge } from "@/components/ui/badge";
import { CardMask } from "@/components/ui/card-mask";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { LocalTime } from "@/components/ui/local-time";
import { MoneyAmount } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { SkeletonText } from "@/components/ui/skeleton";
import { isCurrencyCode, minorToDecimal } from "@/lib/money";
import { paymentParams } from "@/lib/schemas/ids";
import { statusTone } from "@/lib/transactions/labels";
import { authorizationExpiry } from "@/server/auth-hold-config";
import { pageAccess } from "@/server/auth/session";
import type { PaymentRow } from "@/server/db/schema";
import { appContext } from "@/server/services/app-deps";
import { loadPaymentPage } from "@/server/services/payments/payment-page";
import { ActionList } from "./_components/action-list";
import { GatewayPanel } from "./_components/gateway-panel";
import { NotesCard } from "./_components/notes-card";
import { PaymentActions } from "./_components/payment-actions";
import { SyncButton } from "./_components/sync-button";
import { TimelineCard } from "./_components/timeline-card";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("payment");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[6.5rem_1fr] gap-2 py-1.5 text-sm sm:grid-cols-[9rem_1fr]">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words">{children ?? <span className="text-slate-500">—</span>}</dd>
    </div>
  );
}

/**
 * What the payment is worth now: after a capture, what was captured ("SAR 60.00 captured of 100.00 authorized"
 * after a partial one), and what was refunded; before, what was authorized or asked for.
 */
async function Headline({ p, money }: { p: PaymentRow; money: (minor: number) => React.ReactNode }) {
  const t = await getTranslations("payment.headline");
  const m = (minor: number) => () => money(minor);
  const captured = ["captured", "partially_refunded", "refunded"].includes(p.status) && p.capturedMinor > 0;
  const decimal = (minor: number) => (isCurrencyCode(p.currency) ? minorToDecimal(minor, p.currency) : String(minor));
  if (!captured) return <>{p.status === "authorized" ? t.rich("authorized", { m: m(p.authorizedMinor) }) : money(p.amountMinor)}</>;
  return (
    <>
      {t.rich("captured", { m: m(p.capturedMinor) })}
      {p.capturedMinor < p.authorizedMinor &&
        t.rich("ofAuthorized", { amount: decimal(p.authorizedMinor), n: (c) => <bdi dir="ltr">{c}</bdi> })}
      {p.refundedMinor > 0 && t.rich("refunded", { m: m(p.refundedMinor) })}
    </>
  );
}

export default async function PaymentPage({ params }: { params: Promise<{ id: string }> }) {
  const { principal, allowed } = await pageAccess("TRANSACTIONS_VIEW");
  const t = await getTranslations("payment");
  if (!allowed) return <Forbidden area={t("title")} permission="TRANSACTIONS_VIEW" />;
  const parsed = paymentParams.safeParse(await params);
  if (!parsed.success) notFound();
  const ctx = await appContext({ principal });
  const [prefs, vocab] = await Promise.all([currentUiPrefs(), getTranslations("vocab")]);
  // The timeline's sentences are built on the server: in the reader's language and digits.
  const data = await loadPaymentPage(ctx, { paymentId: parsed.data.id, prefs });
  if (!data) notFound();
  const { payment: p, actions, timeline } = data;
  const currency = isCurrencyCode(p.currency) ? p.currency : null;
  const money = (minor: number) => (currency ? <MoneyAmount value={{ minor, currency }} /> : <bdi dir="ltr">{minor}</bdi>);
  const config = ctx.deps.config;
  const status = statusText(vocab, p.status);

  return (
    <div className="space-y-6">
      <PageHeader
        back={{ href: "/transactions", label: t("back") }}
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span>{t.rich("order", { orderId: p.orderId, o: (c) => <bdi dir="ltr">{c}</bdi> })}</span>
            <Badge tone={statusTone(p.status)} dot>
              {status}
            </Badge>
          </span>
        }
        description={
          <span data-testid="payment-headline">
            <Headline p={p} money={money} /> · {typeText(vocab, p.kind, p.intent)}
          </span>
        }
        actions={
          <ClientMessages namespaces={["payment"]}>
            <SyncButton paymentId={p.id} />
          </ClientMessages>
        }
      />

      <section aria-labelledby="amounts-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="amounts-heading" className="sr-only">
          {t("amounts.heading")}
        </h2>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {[
            [t("amounts.authorized"), p.authorizedMinor],
            [t("amounts.captured"), p.capturedMinor],
            [t("amounts.refunded"), p.refundedMinor],
            [t("amounts.refundable"), data.refundableMinor],
          ].map(([label, minor]) => (
            <div key={label as string}>
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="mt-1 text-lg font-semibold">{money(minor as number)}</dd>
            </div>
          ))}
        </dl>
        {data.reservedMinor > 0 && (
          <p className="mt-3 text-sm text-amber-800">{t.rich("amounts.reserved", { m: () => money(data.reservedMinor) })}</p>
        )}
        {/* An authorization lapses after the card brand's hold period (AUTH_HOLD_DAYS, as the Captures screen counts). */}
        {p.status === "authorized" && (
          <p className="mt-3 text-sm text-slate-700">
            {t.rich("amounts.holdUntil", {
              time: () => <LocalTime iso={authorizationExpiry(config.authHold, p.cardBrand, p.createdAt).toISOString()} />,
            })}
          </p>
        )}
        {/* A partial capture gives the rest of the authorization back to the customer's card. */}
        {p.capturedMinor > 0 && p.capturedMinor < p.authorizedMinor && (
          <p className="mt-3 text-sm text-slate-700">
            {t.rich("amounts.released", { m: () => money(p.authorizedMinor - p.capturedMinor) })}
          </p>
        )}
        <div className="mt-5 border-t border-slate-100 pt-4">
          {currency && (
            <ClientMessages namespaces={["moneyActions"]}>
              <PaymentActions
                paymentId={p.id}
                status={p.status}
                currency={currency}
                authorizedMinor={p.authorizedMinor}
                refundableMinor={data.refundableMinor}
                approvalThresholdMinor={config.refunds.approvalThresholdMinor[currency] ?? null}
                reasons={config.refunds.reasons}
                allowed={{
                  capture: principal.permissions.has("CAPTURES_CREATE"),
                  void: principal.permissions.has("VOIDS_CREATE"),
                  refund: principal.permissions.has("REFUNDS_CREATE"),
                }}
                captureOrVoidOpen={actions.some(
                  (a) => (a.type === "capture" || a.type === "void") && ["in_flight", "unknown", "succeeded"].includes(a.state),
                )}
              />
            </ClientMessages>
          )}
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t("details.card")}>
          <dl className="divide-y divide-slate-100">
            <Detail label={t("details.gatewayId")}>
              {p.gatewayId && (
                <span className="flex items-center gap-2">
                  <bdi dir="ltr" className="font-mono text-xs">
                    {p.gatewayId}
                  </bdi>
                  <CopyButton value={p.gatewayId} label={t("details.copyGatewayId")} />
                </span>
              )}
            </Detail>
            <Detail label={t("details.orderId")}>
              <bdi dir="ltr">{p.orderId}</bdi>
            </Detail>
            <Detail label={t("details.created")}>
              <LocalTime iso={p.createdAt.toISOString()} />
              {data.createdByName && t.rich("details.by", { name: data.createdByName, p: (c) => <bdi>{c}</bdi> })}
            </Detail>
            <Detail label={t("details.description")}>{p.description && <span dir="auto">{p.description}</span>}</Detail>
            <Detail label={t("details.branch")}>{p.branchId && <bdi dir="ltr">{p.branchId}</bdi>}</Detail>
            <Detail label={t("details.declineReason")}>
              {p.declineReason && (
                <span dir="auto" title={p.declineReason}>
                  {declineReasonText(vocab as unknown as DeclineWords, p.declineReason)}
                </span>
              )}
            </Detail>
            <Detail label={t("details.lastSynced")}>{p.lastSyncedAt && <LocalTime iso={p.lastSyncedAt.toISOString()} relative />}</Detail>
          </dl>
        </Card>
        <Card title={t("customer.card")}>
          <dl className="divide-y divide-slate-100">
            <Detail label={t("customer.name")}>{p.payerName && <span dir="auto">{p.payerName}</span>}</Detail>
            <Detail label={t("customer.email")}>{p.payerEmail && <bdi dir="ltr">{p.payerEmail}</bdi>}</Detail>
            <Detail label={t("customer.phone")}>{p.payerPhone && <bdi dir="ltr">{p.payerPhone}</bdi>}</Detail>
            <Detail label={t("customer.cardLabel")}>
              {p.cardLast4 && <CardMask card={{ brand: p.cardBrand, last4: p.cardLast4, bin6: p.cardBin6 }} withBin />}
            </Detail>
            <Detail label={t("customer.expiry")}>{p.cardExpiry && <bdi dir="ltr">{p.cardExpiry}</bdi>}</Detail>
            <Detail label={t("customer.recurring")}>{p.recurringToken ? t("customer.recurringToken") : null}</Detail>
            <Detail label={t("customer.savedCard")}>{p.cardToken ? t("customer.cardToken") : null}</Detail>
          </dl>
        </Card>
      </div>

      {actions.length > 0 && <ActionList actions={actions} money={money} />}

      <NotesCard paymentId={p.id} notes={data.notes} />

      <Suspense
        fallback={
          <Card title={t("gateway.title")}>
            <SkeletonText lines={6} />
          </Card>
        }
      >
        <GatewayPanel payment={p} ctx={ctx} />
      </Suspense>

      <TimelineCard timeline={timeline} />
    </div>
  );
}

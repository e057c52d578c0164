// The gateway's own view of the payment (status 2.5 and details 2.9 with the business-unit hierarchy), loaded
// live when the page renders (server/services/sync/gateway-snapshot.ts) and put in the dashboard's words: each
// gateway value as a label, its raw value on hover and in the "Gateway's own values" toggle; a ledger that
// disagrees with the gateway is said so. Streams in after the ledger part of the page; a gateway that does not
// answer leaves a clear note, never a broken page.
import { getTranslations } from "next-intl/server";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import type { PaymentRow } from "@/server/db/schema";
import type { ServiceContext } from "@/server/services/deps";
import { viewPaymentAtGateway } from "@/server/services/sync/gateway-snapshot";
import { declineReasonText, type DeclineWords } from "@/lib/i18n/decline-reasons";
import { statusText } from "@/lib/i18n/vocab";
import { disagreement, gatewayLabel, type GatewayField, type WordOf } from "@/server/services/sync/gateway-snapshot-labels";

type GatewayT = ReturnType<typeof useTranslations<"payment.gateway">>;

/** The catalog's words for a gateway value (payment.gateway.words), null for a value it does not know. */
function wordsOf(t: GatewayT): WordOf {
  return (field, value) => {
    const key = `words.${field}.${value}` as "words.status.PREPARE";
    return t.has(key) ? t(key) : null;
  };
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 py-1.5 text-sm sm:grid-cols-[10rem_1fr]">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words">{children || <span className="text-slate-500">—</span>}</dd>
    </div>
  );
}

/** A gateway enum as words; the raw value on hover (and in the toggle below, for keyboard and touch). */
function Word({ field, raw }: { field: GatewayField; raw: string | null | undefined }) {
  const t = useTranslations("payment.gateway");
  const l = gatewayLabel(field, raw, wordsOf(t));
  return l ? <span title={t("rawValue", { raw: l.raw })}>{l.label}</span> : null;
}

export async function GatewayPanel({ payment, ctx }: { payment: PaymentRow; ctx: ServiceContext }) {
  const [t, tv] = await Promise.all([getTranslations("payment.gateway"), getTranslations("vocab")]);
  if (!payment.gatewayId) {
    return (
      <Card title={t("title")}>
        <p className="text-sm text-slate-600">{t("noId")}</p>
      </Card>
    );
  }
  const snapshot = await viewPaymentAtGateway(ctx, { orderId: payment.orderId, gatewayId: payment.gatewayId });
  const { status, details } = snapshot;
  const d = details.ok ? details.view : null;
  const units = details.ok ? details.businessUnits : [];
  const differs = disagreement(snapshot, payment.status, (theirs, ours) =>
    t("disagreement", { theirs: statusText(tv, theirs), ours: statusText(tv, ours) }),
  );
  const raw: Array<[string, string | null]> = [
    ["status", status.ok ? status.view.status : null],
    ["reason", status.ok ? status.view.reason : null],
    ["paymentStatus", d?.paymentStatus ?? null],
    ["transactionStatus", d?.transactionStatus ?? null],
    ["transactionType", d?.transactionType ?? null],
    ["refundStatus", d?.refundStatus ?? null],
    ["settlementStatus", d?.settlementStatus ?? null],
  ];
  return (
    <Card title={t("title")} description={t("description")}>
      {differs && (
        <Alert tone="warning" className="mb-3">
          {differs}
        </Alert>
      )}
      {!status.ok && <Alert tone="warning">{t("statusUnavailable", { message: status.message })}</Alert>}
      {!details.ok && (
        <Alert tone="warning" className="mt-2">
          {t("detailsUnavailable", { message: details.message })}
        </Alert>
      )}
      <dl className="divide-y divide-slate-100">
        {status.ok && (
          <>
            <Row label={t("state")}>
              <Word field="status" raw={status.view.status} />
              {status.view.reason && <span className="text-slate-600"> ({status.view.reason.toLowerCase().replace(/_/g, " ")})</span>}
            </Row>
            <Row label={t("rrn")}>{status.view.rrn && <bdi dir="ltr">{status.view.rrn}</bdi>}</Row>
          </>
        )}
        {d && (
          <>
            <Row label={t("type")}>
              <Word field="transactionType" raw={d.transactionType} />
            </Row>
            <Row label={t("payment")}>
              <Word field="paymentStatus" raw={d.paymentStatus} />
            </Row>
            <Row label={t("lastOperation")}>
              <Word field="transactionStatus" raw={d.transactionStatus} />
            </Row>
            {/* Masked by the service whatever the gateway sent: a full number never reaches the page. */}
            <Row label={t("card")}>
              {d.card && (
                <>
                  <bdi dir="ltr">{d.card}</bdi>
                  {d.cardExpiry && <> · {t("cardExpires", { date: d.cardExpiry })}</>}
                </>
              )}
            </Row>
            <Row label={t("cardholder")}>{d.cardHolderName && <span dir="auto">{d.cardHolderName}</span>}</Row>
            <Row label={t("refunds")}>
              <Word field="refundStatus" raw={d.refundStatus} />
              {d.totalRefundAmount && Number(d.totalRefundAmount) > 0 && (
                <> {t.rich("inAll", { amount: d.totalRefundAmount, n: (c) => <bdi dir="ltr">{c}</bdi> })}</>
              )}
            </Row>
            <Row label={t("payout")}>
              <Word field="settlementStatus" raw={d.settlementStatus} />
            </Row>
            {d.declineReason && (
              <Row label={t("declineReason")}>
                <DeclineReason raw={d.declineReason} />
              </Row>
            )}
          </>
        )}
      </dl>
      {units.length > 0 && (
        <div className="mt-3">
          <h3 className="text-sm font-medium">{t("businessUnit")}</h3>
          <ol className="mt-1 flex flex-wrap items-center gap-1 text-sm text-slate-700">
            {units.map((u, i) => (
              <li key={u.id ?? i} className="flex items-center gap-1">
                {i > 0 && <span aria-hidden="true">›</span>}
                <span dir="auto">{u.name ?? u.nameAr ?? u.id}</span>
                {u.nameAr && u.name && (
                  <span dir="auto" lang="ar" className="text-slate-500">
                    ({u.nameAr})
                  </span>
                )}
              </li>
            ))}
          </ol>
        </div>
      )}
      {raw.some(([, v]) => v) && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-slate-600">{t("ownValues")}</summary>
          <dl className="mt-2 grid grid-cols-[8rem_1fr] sm:grid-cols-[10rem_1fr] gap-x-2 gap-y-1 font-mono text-xs">
            {raw
              .filter(([, v]) => v)
              .map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-slate-600">{k}</dt>
                  <dd>
                    <bdi dir="ltr">{v}</bdi>
                  </dd>
                </div>
              ))}
          </dl>
        </details>
      )}
    </Card>
  );
}

/** The gateway's decline reason in the reader's words; its own text on hover, like every raw value here. */
function DeclineReason({ raw }: { raw: string }) {
  const tv = useTranslations("vocab");
  return (
    <span dir="auto" title={raw}>
      {declineReasonText(tv as unknown as DeclineWords, raw)}
    </span>
  );
}

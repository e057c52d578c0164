"use client";
// The result card of a new payment, as the ledger holds it (after the status query when the bank asked for 3-D
// Secure): amount, card, outcome and what to do next — open the payment, take another, or retry a decline with
// the form kept. Loaded on demand (see new-payment.tsx).
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-styles";
import { CardMask } from "@/components/ui/card-mask";
import { CopyButton } from "@/components/ui/copy-button";
import { MoneyAmount } from "@/components/ui/money";
import { isCurrencyCode } from "@/lib/money";
import { statusText } from "@/lib/i18n/vocab";
import { STATUS_TONE } from "@/lib/transactions/labels";
import type { ConfirmedPayment, NewPaymentResult } from "@/lib/schemas/new-payment";
import type { PaymentStatus } from "@/lib/payment-status";

/** The statuses with a next step to tell staff (newPayment.outcome.next.*). */
const NEXT_STEP = new Set(["captured", "authorized", "declined", "failed"] as const);
type NextStep = typeof NEXT_STEP extends Set<infer S> ? S : never;
const hasNextStep = (s: string): s is NextStep => NEXT_STEP.has(s as NextStep);
const RETRY = new Set(["declined", "failed"]);

export function PaymentOutcome({
  started,
  confirmed,
  onAgain,
  onRetry,
}: {
  started: NewPaymentResult;
  confirmed: ConfirmedPayment | null;
  onAgain(): void;
  onRetry(message: string): void;
}) {
  const t = useTranslations("newPayment.outcome");
  const tv = useTranslations("vocab");
  const status = confirmed?.status ?? started.status;
  const message = confirmed?.message ?? started.message;
  const heading = useRef<HTMLHeadingElement>(null);
  // The form this replaces is hidden (focus with it): move focus to the result so it is read and the next step is near.
  useEffect(() => heading.current?.focus(), []);
  const tone = status === "captured" || status === "authorized" ? "success" : RETRY.has(status) ? "error" : "warning";
  const currency = confirmed?.currency ?? started.currency;
  const minor = confirmed?.amountMinor ?? started.amountMinor;
  return (
    <section
      aria-labelledby="payment-result-title"
      className="max-w-2xl space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 ref={heading} id="payment-result-title" tabIndex={-1} className="flex flex-wrap items-center gap-2 text-lg font-semibold">
        {t("title")}{" "}
        <Badge tone={STATUS_TONE[status as PaymentStatus] ?? "neutral"} dot>
          {statusText(tv, status)}
        </Badge>
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="text-slate-600">{t("amount")}</dt>
        <dd className="font-medium">{isCurrencyCode(currency) ? <MoneyAmount value={{ minor, currency }} /> : minor}</dd>
        <dt className="text-slate-600">{t("card")}</dt>
        <dd>
          <CardMask card={started.card} fallback="—" />
        </dd>
        <dt className="text-slate-600">{t("orderId")}</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <bdi dir="ltr" className="font-mono break-all">
            {started.orderId}
          </bdi>
          <CopyButton value={started.orderId} label={t("copyOrderId")} />
        </dd>
      </dl>
      <Alert tone={tone}>{message}</Alert>
      {hasNextStep(status) && <p className="text-sm text-slate-700">{t(`next.${status}`)}</p>}
      <div className="flex flex-wrap gap-3">
        {RETRY.has(status) && (
          <Button variant="primary" onClick={() => onRetry(message)}>
            {t("retry")}
          </Button>
        )}
        <Link
          href={`/transactions/${started.paymentId}`}
          className={buttonClasses({ variant: RETRY.has(status) ? "secondary" : "primary" })}
        >
          {t("open")}
        </Link>
        <Button variant="secondary" onClick={onAgain}>
          {t("again")}
        </Button>
      </div>
    </section>
  );
}

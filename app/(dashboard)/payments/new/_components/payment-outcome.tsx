"use client";
// The result card of a new payment, as the ledger holds it (after the status query when the bank asked for 3-D
// Secure): amount, card, outcome and what to do next — open the payment, take another, or retry a decline with
// the form kept. Loaded on demand (see new-payment.tsx).
import Link from "next/link";
import { useEffect, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-styles";
import { CardMask } from "@/components/ui/card-mask";
import { MoneyAmount } from "@/components/ui/money";
import { isCurrencyCode } from "@/lib/money";
import { STATUS_TONE, statusLabel } from "@/lib/transactions/labels";
import type { ConfirmedPayment, NewPaymentResult } from "@/lib/schemas/new-payment";
import type { PaymentStatus } from "@/lib/payment-status";

const NEXT_STEP: Record<string, string> = {
  captured: "The money was taken. Tell the customer the payment went through.",
  authorized: "The money is held. Capture it from the payment's page when the order ships.",
  declined: "Ask the customer for another card, or check the card details, and try again.",
  failed: "Nothing was charged. Try again.",
};
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
        Payment result{" "}
        <Badge tone={STATUS_TONE[status as PaymentStatus] ?? "neutral"} dot>
          {statusLabel(status)}
        </Badge>
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="text-slate-600">Amount</dt>
        <dd className="font-medium">{isCurrencyCode(currency) ? <MoneyAmount value={{ minor, currency }} /> : minor}</dd>
        <dt className="text-slate-600">Card</dt>
        <dd>
          <CardMask card={started.card} fallback="—" />
        </dd>
      </dl>
      <Alert tone={tone}>{message}</Alert>
      {NEXT_STEP[status] && <p className="text-sm text-slate-700">{NEXT_STEP[status]}</p>}
      <div className="flex flex-wrap gap-3">
        {RETRY.has(status) && (
          <Button variant="primary" onClick={() => onRetry(message)}>
            Retry the payment
          </Button>
        )}
        <Link
          href={`/transactions/${started.paymentId}`}
          className={buttonClasses({ variant: RETRY.has(status) ? "secondary" : "primary" })}
        >
          Open the payment
        </Link>
        <Button variant="secondary" onClick={onAgain}>
          Take another payment
        </Button>
      </div>
    </section>
  );
}

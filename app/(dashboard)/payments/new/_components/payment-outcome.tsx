"use client";
// The final result of a new payment, as the ledger holds it after the status query, with a link to its page.
import Link from "next/link";
import { useEffect, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-styles";
import { STATUS_TONE, statusLabel } from "@/lib/transactions/labels";
import type { ConfirmedPayment, NewPaymentResult } from "@/lib/schemas/new-payment";
import type { PaymentStatus } from "@/lib/payment-status";

export function PaymentOutcome({
  started,
  confirmed,
  onAgain,
}: {
  started: NewPaymentResult;
  confirmed: ConfirmedPayment | null;
  onAgain(): void;
}) {
  const status = confirmed?.status ?? started.status;
  const message = confirmed?.message ?? started.message;
  const heading = useRef<HTMLHeadingElement>(null);
  // The form this replaces is gone (focus with it): move focus to the result so it is read and the next step is near.
  useEffect(() => heading.current?.focus(), []);
  const tone =
    status === "captured" || status === "authorized" ? "success" : status === "declined" || status === "failed" ? "error" : "warning";
  return (
    <section
      aria-labelledby="payment-result-title"
      className="max-w-xl space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 ref={heading} id="payment-result-title" tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold">
        Payment result{" "}
        <Badge tone={STATUS_TONE[status as PaymentStatus] ?? "neutral"} dot>
          {statusLabel(status)}
        </Badge>
      </h2>
      <Alert tone={tone}>{message}</Alert>
      <div className="flex flex-wrap gap-3">
        <Link href={`/transactions/${started.paymentId}`} className={buttonClasses({ variant: "primary" })}>
          View the payment
        </Link>
        <Button variant="secondary" onClick={onAgain}>
          Take another payment
        </Button>
      </div>
    </section>
  );
}

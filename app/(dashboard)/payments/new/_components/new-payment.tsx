"use client";
// The page's flow: the card form, the 3-D Secure frame when the bank asks, then the result card. The frame and the
// result are loaded on demand (fetched when the form is sent, before the answer is back) to keep the page's
// JavaScript within its budget; the form stays mounted under them so a declined payment can be retried.
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import type { ConfirmedPayment, NewPaymentResult } from "@/lib/schemas/new-payment";
import { newCardOrderId as newOrderId } from "@/lib/schemas/order-ids";
import { CardPaymentForm, type Retry } from "./card-payment-form";

const loadFrame = () => import("./three-ds-frame");
const loadOutcome = () => import("./payment-outcome");
const ThreeDsFrame = lazy(() => loadFrame().then((m) => ({ default: m.ThreeDsFrame })));
const PaymentOutcome = lazy(() => loadOutcome().then((m) => ({ default: m.PaymentOutcome })));
const preload = () => void Promise.all([loadFrame(), loadOutcome()]).catch(() => undefined);

type Step =
  | { kind: "form" }
  | { kind: "challenge"; started: NewPaymentResult }
  | { kind: "done"; started: NewPaymentResult; confirmed: ConfirmedPayment | null };

export function NewPayment({ defaultOrderId, country }: { defaultOrderId: string; country: string }) {
  const t = useTranslations("newPayment");
  const [step, setStep] = useState<Step>({ kind: "form" });
  // A new form (fresh order id, empty fields) for "Take another payment".
  const [form, setForm] = useState({ key: 0, orderId: defaultOrderId });
  const [retry, setRetry] = useState<Retry | null>(null);

  const again = () => {
    setForm((f) => ({ key: f.key + 1, orderId: newOrderId() }));
    setRetry(null);
    setStep({ kind: "form" });
  };
  const retryWith = (message: string) => {
    setRetry((r) => ({ n: (r?.n ?? 0) + 1, orderId: newOrderId(), message }));
    setStep({ kind: "form" });
  };

  return (
    <>
      <Suspense fallback={<p className="text-sm text-slate-600">{t("loading")}</p>}>
        {step.kind === "challenge" && (
          <ThreeDsFrame started={step.started} onDone={(confirmed) => setStep({ kind: "done", started: step.started, confirmed })} />
        )}
        {step.kind === "done" && <PaymentOutcome started={step.started} confirmed={step.confirmed} onAgain={again} onRetry={retryWith} />}
      </Suspense>
      <CardPaymentForm
        key={form.key}
        orderId={form.orderId}
        country={country}
        hidden={step.kind !== "form"}
        retry={retry}
        onSubmitting={preload}
        onStarted={(started) =>
          setStep(started.threeDsViewId ? { kind: "challenge", started } : { kind: "done", started, confirmed: null })
        }
      />
    </>
  );
}

"use client";
// The page's flow: choose the mode, submit the card, show the 3-D Secure frame when the bank asks, then the result.
import { useState } from "react";
import { cx } from "@/components/ui/cx";
import { newOrderId, type ConfirmedPayment, type NewPaymentResult } from "@/lib/schemas/new-payment";
import { CardPaymentForm, type CardMode } from "./card-payment-form";
import { PaymentOutcome } from "./payment-outcome";
import { ThreeDsFrame } from "./three-ds-frame";

const MODES: Array<{ id: CardMode; label: string }> = [
  { id: "s2s", label: "Card (server-to-server)" },
  { id: "form", label: "Card (form interface)" },
];

type Step = { kind: "form" } | { kind: "challenge"; started: NewPaymentResult } | { kind: "done"; started: NewPaymentResult; confirmed: ConfirmedPayment | null };

export function NewPayment({ defaultOrderId }: { defaultOrderId: string }) {
  const [mode, setMode] = useState<CardMode>("s2s");
  const [step, setStep] = useState<Step>({ kind: "form" });
  const [orderId, setOrderId] = useState(defaultOrderId);

  const again = () => {
    setOrderId(newOrderId());
    setStep({ kind: "form" });
  };

  if (step.kind === "challenge") {
    return <ThreeDsFrame started={step.started} onDone={(confirmed) => setStep({ kind: "done", started: step.started, confirmed })} />;
  }
  if (step.kind === "done") return <PaymentOutcome started={step.started} confirmed={step.confirmed} onAgain={again} />;

  return (
    <div className="space-y-4">
      <div role="tablist" aria-label="How to take the payment" className="flex gap-1 border-b border-slate-200">
        {MODES.map((m) => (
          <button
            key={m.id}
            type="button"
            role="tab"
            id={`mode-${m.id}`}
            aria-selected={mode === m.id}
            aria-controls="mode-panel"
            onClick={() => setMode(m.id)}
            className={cx(
              "-mb-px border-b-2 px-4 py-2 text-sm font-medium",
              mode === m.id ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900",
            )}
          >
            {m.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="mode-panel" aria-labelledby={`mode-${mode}`}>
        <CardPaymentForm
          key={mode}
          mode={mode}
          orderId={orderId}
          onStarted={(started) => setStep(started.threeDsViewId ? { kind: "challenge", started } : { kind: "done", started, confirmed: null })}
        />
      </div>
    </div>
  );
}

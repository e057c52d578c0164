"use client";
// The page's flow: choose the mode, submit the card, show the 3-D Secure frame when the bank asks, then the result.
import { useRef, useState, type KeyboardEvent } from "react";
import { cx } from "@/components/ui/cx";
import type { ConfirmedPayment, NewPaymentResult } from "@/lib/schemas/new-payment";
import { newCardOrderId as newOrderId } from "@/lib/schemas/order-ids";
import { CardPaymentForm, type CardMode } from "./card-payment-form";
import { PaymentOutcome } from "./payment-outcome";
import { ThreeDsFrame } from "./three-ds-frame";

const MODES: Array<{ id: CardMode; label: string }> = [
  { id: "s2s", label: "Card (server-to-server)" },
  { id: "form", label: "Card (form interface)" },
];

type Step =
  | { kind: "form" }
  | { kind: "challenge"; started: NewPaymentResult }
  | { kind: "done"; started: NewPaymentResult; confirmed: ConfirmedPayment | null };

export function NewPayment({ defaultOrderId }: { defaultOrderId: string }) {
  const [mode, setMode] = useState<CardMode>("s2s");
  const [step, setStep] = useState<Step>({ kind: "form" });
  const [orderId, setOrderId] = useState(defaultOrderId);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  // WAI-ARIA tabs: only the selected tab is a Tab stop; the arrow keys (Home/End too) move to a tab and select it.
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = MODES.length - 1;
    const rtl = getComputedStyle(e.currentTarget).direction === "rtl";
    const next = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[e.key];
    let to: number | null = null;
    if (next !== undefined) to = (index + next + MODES.length) % MODES.length;
    else if (e.key === "Home") to = 0;
    else if (e.key === "End") to = last;
    if (to === null) return;
    e.preventDefault();
    setMode(MODES[to]!.id);
    tabs.current[to]?.focus();
  };

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
        {MODES.map((m, i) => (
          <button
            key={m.id}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`mode-${m.id}`}
            aria-selected={mode === m.id}
            aria-controls="mode-panel"
            tabIndex={mode === m.id ? 0 : -1}
            onClick={() => setMode(m.id)}
            onKeyDown={(e) => onTabKey(e, i)}
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
          onStarted={(started) =>
            setStep(started.threeDsViewId ? { kind: "challenge", started } : { kind: "done", started, confirmed: null })
          }
        />
      </div>
    </div>
  );
}

"use client";
// "Capture" on a row of the Captures screen: the payment page's capture dialog (full or partial), loaded on
// demand. The result is announced above the list (the captured row leaves it when the page refreshes).
import { useTranslations } from "next-intl";
import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { CurrencyCode } from "@/lib/money";
import { actionResultKey, type ActionResult } from "@/lib/schemas/payment-actions-values";

const CaptureDialog = lazy(() => import("@/components/money-actions/capture-dialog").then((m) => ({ default: m.CaptureDialog })));

type Message = { tone: "success" | "warning" | "error" | "info"; text: string } | null;
const Ctx = createContext<(m: Message) => void>(() => {});

export function CaptureMessageProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<Message>(null);
  return (
    <Ctx.Provider value={setMessage}>
      <div aria-live="polite" className="empty:hidden">
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
      </div>
      {children}
    </Ctx.Provider>
  );
}

const TONE: Record<string, "success" | "warning" | "error" | "info"> = {
  succeeded: "success",
  unknown: "warning",
  declined: "error",
  failed: "error",
};

export function CaptureButton(p: {
  paymentId: string;
  orderId: string;
  currency: CurrencyCode;
  authorizedMinor: number;
  disabledReason?: string;
}) {
  const t = useTranslations("captures");
  const say = useTranslations("moneyActions");
  const [open, setOpen] = useState(false);
  const setMessage = useContext(Ctx);
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        disabledReason={p.disabledReason}
        onClick={() => setOpen(true)}
        aria-label={t("captureOrder", { orderId: p.orderId })}
      >
        {t("capture")}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CaptureDialog
            paymentId={p.paymentId}
            orderId={p.orderId}
            currency={p.currency}
            authorizedMinor={p.authorizedMinor}
            onClose={() => setOpen(false)}
            onDone={(r: ActionResult) => {
              setOpen(false);
              const key = actionResultKey(r);
              setMessage({ tone: TONE[r.state] ?? "info", text: key ? say(`result.${key}`) : r.message });
            }}
          />
        </Suspense>
      )}
    </>
  );
}

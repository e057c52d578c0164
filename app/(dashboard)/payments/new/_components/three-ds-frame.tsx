"use client";
// The gateway's 3-D Secure page in a sandboxed frame (opaque origin: it can read nothing of the dashboard, and may
// not navigate the top window or open escaping pop-ups). The page comes from our own route; its HTML is never put
// into this document. When the frame — and only that frame — says the customer is back, the server is asked for
// the real outcome (status query); the message itself carries no result we trust.
import { useCallback, useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { apiFetch, ApiError } from "@/lib/api-client";
import type { ConfirmedPayment, NewPaymentResult } from "@/lib/schemas/new-payment";

export const PAYMENT_RETURN_MESSAGE = "payment-return";
const FINAL = new Set(["captured", "authorized", "declined", "failed", "voided", "refunded", "partially_refunded"]);

export function ThreeDsFrame({ started, onDone }: { started: NewPaymentResult; onDone(confirmed: ConfirmedPayment): void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const busy = useRef(false);
  const [checking, setChecking] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The form this replaces took focus with it: start at the verification's heading, then Tab into the frame.
  useEffect(() => heading.current?.focus(), []);

  const confirm = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setChecking(true);
    setNote(null);
    try {
      const r = await apiFetch<ConfirmedPayment>(`/api/payments/${started.paymentId}/confirm`, { method: "POST" });
      if (FINAL.has(r.status)) onDone(r);
      else setNote(r.message);
    } catch (e) {
      setNote(e instanceof ApiError ? e.message : "The result could not be checked. Try again.");
    } finally {
      busy.current = false;
      setChecking(false);
    }
  }, [started.paymentId, onDone]);

  useEffect(() => {
    function onMessage(e: MessageEvent) {
      // Only our frame's window; anything else (other windows, other frames, extensions) is ignored.
      if (!frame.current || e.source !== frame.current.contentWindow) return;
      const data: unknown = e.data;
      if (!data || typeof data !== "object" || (data as { type?: unknown }).type !== PAYMENT_RETURN_MESSAGE) return;
      void confirm();
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [confirm]);

  return (
    <section aria-labelledby="three-ds-title" className="space-y-4">
      <h2 ref={heading} id="three-ds-title" tabIndex={-1} className="text-lg font-semibold">
        3-D Secure verification
      </h2>
      <p className="max-w-xl text-sm text-slate-600">
        The customer&apos;s bank asks for verification. Read the customer the bank&apos;s questions and type their answers in the frame below.
      </p>
      <iframe
        ref={frame}
        src={`/api/payments/three-ds/${encodeURIComponent(started.threeDsViewId ?? "")}`}
        title="3-D Secure verification"
        sandbox="allow-scripts allow-forms"
        referrerPolicy="no-referrer"
        width={400}
        height={600}
        className="rounded-lg border border-slate-200 bg-white"
      />
      {note && <Alert tone="warning">{note}</Alert>}
      <Button variant="secondary" loading={checking} onClick={() => void confirm()}>
        Check the result now
      </Button>
    </section>
  );
}

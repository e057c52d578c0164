"use client";
// The gateway's 3-D Secure page in a sandboxed frame (opaque origin: it can read nothing of the dashboard, and may
// not navigate the top window or open escaping pop-ups). The page comes from our own route; its HTML is never put
// into this document. When the frame — and only that frame — says the customer is back, the server is asked for
// the real outcome (status query), again every few seconds until it is final; the message itself carries no result
// we trust.
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { ConfirmedPayment, NewPaymentResult } from "@/lib/schemas/new-payment";

export const PAYMENT_RETURN_MESSAGE = "payment-return";
const FINAL = new Set(["captured", "authorized", "declined", "failed", "voided", "refunded", "partially_refunded"]);
/** How often the outcome is asked again while the gateway has none yet (each ask is one status query). */
export const OUTCOME_POLL_MS = 3_000;

const isFinal = (r: ConfirmedPayment | undefined): boolean => r !== undefined && FINAL.has(r.status);

export function ThreeDsFrame({
  started,
  onDone,
}: {
  /** The payment waiting for the customer (Saved cards passes its own charge's status and message too). */
  started: Pick<NewPaymentResult, "paymentId" | "threeDsViewId"> & Partial<Pick<NewPaymentResult, "status" | "message">>;
  onDone(confirmed: ConfirmedPayment): void;
}) {
  const t = useTranslations("newPayment.threeDs");
  const frame = useRef<HTMLIFrameElement>(null);
  // Nothing is asked before the customer is back (or staff press "Check the result now").
  const [asked, setAsked] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The form this replaces took focus with it: start at the verification's heading, then Tab into the frame.
  useEffect(() => heading.current?.focus(), []);

  const outcome = useQuery({
    queryKey: queryKeys.paymentOutcome(started.paymentId),
    // POST: the status query writes what it learns to the ledger.
    queryFn: () => apiFetch<ConfirmedPayment>(`/api/payments/${started.paymentId}/confirm`, { method: "POST" }),
    enabled: asked,
    gcTime: 0,
    // Until the outcome is final; a refusal stops it (the button asks again).
    refetchInterval: (q) => (isFinal(q.state.data) || q.state.status === "error" ? false : OUTCOME_POLL_MS),
  });
  const { data, refetch } = outcome;
  // Reported once, when the final outcome arrives (the parent's callback may change on every render).
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });
  useEffect(() => {
    if (data && isFinal(data)) onDoneRef.current(data);
  }, [data]);

  const check = () => {
    // An ask already in flight is awaited, not sent again.
    if (asked) void refetch({ cancelRefetch: false });
    else setAsked(true);
  };
  const checkRef = useRef(check);
  useEffect(() => {
    checkRef.current = check;
  });

  useEffect(() => {
    function onMessage(e: MessageEvent) {
      // Only our frame's window; anything else (other windows, other frames, extensions) is ignored.
      if (!frame.current || e.source !== frame.current.contentWindow) return;
      const data: unknown = e.data;
      if (!data || typeof data !== "object" || (data as { type?: unknown }).type !== PAYMENT_RETURN_MESSAGE) return;
      checkRef.current();
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);

  const note = outcome.error ? outcome.error.message : data && !isFinal(data) ? data.message : null;

  return (
    <section aria-labelledby="three-ds-title" className="space-y-4">
      <h2 ref={heading} id="three-ds-title" tabIndex={-1} className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="max-w-xl text-sm text-slate-600">{t("intro")}</p>
      <iframe
        ref={frame}
        src={`/api/payments/three-ds/${encodeURIComponent(started.threeDsViewId ?? "")}`}
        title={t("frameTitle")}
        sandbox="allow-scripts allow-forms"
        referrerPolicy="no-referrer"
        width={400}
        height={600}
        className="rounded-lg border border-slate-200 bg-white"
      />
      {note && <Alert tone="warning">{note}</Alert>}
      <Button variant="secondary" loading={outcome.isFetching} onClick={check}>
        {t("checkNow")}
      </Button>
    </section>
  );
}

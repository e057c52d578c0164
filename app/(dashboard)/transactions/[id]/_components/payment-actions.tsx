"use client";
// The payment's actions: shown only when the payment's state allows them, disabled with the reason when the
// user lacks the permission (the server refuses them anyway). The result of the last action is announced here.
// The dialogs load on demand (the page's first load stays small; the form library and zod come with them).
import { useTranslations } from "next-intl";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { CurrencyCode } from "@/lib/money";
import { actionResultKey, type ActionResult } from "@/lib/schemas/payment-actions-values";

const CaptureDialog = lazy(() => import("@/components/money-actions/capture-dialog").then((m) => ({ default: m.CaptureDialog })));
const RefundDialog = lazy(() => import("./refund-dialog").then((m) => ({ default: m.RefundDialog })));
const VoidDialog = lazy(() => import("./void-dialog").then((m) => ({ default: m.VoidDialog })));

export interface PaymentActionsProps {
  paymentId: string;
  status: string;
  currency: CurrencyCode;
  authorizedMinor: number;
  refundableMinor: number;
  approvalThresholdMinor: number | null;
  reasons: string[];
  allowed: { capture: boolean; void: boolean; refund: boolean };
  /** Whether a capture or void is already in flight or unknown (then neither is offered again). */
  captureOrVoidOpen: boolean;
}

const TONE: Record<string, "success" | "warning" | "error" | "info"> = {
  succeeded: "success",
  pending_approval: "info",
  unknown: "warning",
  declined: "error",
  failed: "error",
  rejected: "warning",
};

export function PaymentActions(p: PaymentActionsProps) {
  const t = useTranslations("moneyActions");
  const [open, setOpen] = useState<"capture" | "void" | "refund" | null>(null);
  const [last, setLast] = useState<ActionResult | null>(null);
  const result = useRef<HTMLDivElement>(null);
  const done = (r: ActionResult) => {
    setOpen(null);
    setLast(r);
  };
  const canAuthActions = p.status === "authorized" && !p.captureOrVoidOpen;
  const canRefund = (p.status === "captured" || p.status === "partially_refunded") && p.refundableMinor > 0;
  // A known outcome in the reader's words; a gateway's own reason (declined, failed) as the server said it.
  const resultText = (r: ActionResult) => {
    const key = actionResultKey(r);
    return key ? t(`result.${key}`) : r.message;
  };
  const why = (permission: string) => t("needPermission", { permission });

  // The dialog gives focus back to the button that opened it; when the action made that button go away (a full
  // refund, a capture), focus would be lost on <body>: put it on the announced result instead.
  useEffect(() => {
    if (last && (document.activeElement === document.body || document.activeElement === null)) result.current?.focus();
  }, [last, canAuthActions, canRefund]);

  // A role that can take none of these actions (read-only) is shown none; a role that can take some sees the
  // others disabled with the reason.
  if (!p.allowed.capture && !p.allowed.void && !p.allowed.refund) {
    return <p className="text-sm text-slate-600">{t("readOnly")}</p>;
  }

  return (
    <div className="space-y-3">
      {/* Always rendered, so screen readers already watch it when the result arrives. */}
      <div ref={result} tabIndex={-1} aria-live="polite" className="outline-none empty:hidden">
        {last && <Alert tone={TONE[last.state] ?? "info"}>{resultText(last)}</Alert>}
      </div>
      <div className="flex flex-wrap gap-2">
        {canAuthActions && (
          <>
            <Button onClick={() => setOpen("capture")} disabledReason={p.allowed.capture ? undefined : why("CAPTURES_CREATE")}>
              {t("capture.button")}
            </Button>
            <Button variant="secondary" onClick={() => setOpen("void")} disabledReason={p.allowed.void ? undefined : why("VOIDS_CREATE")}>
              {t("void.button")}
            </Button>
          </>
        )}
        {canRefund && (
          <Button
            variant="secondary"
            onClick={() => setOpen("refund")}
            disabledReason={p.allowed.refund ? undefined : why("REFUNDS_CREATE")}
          >
            {t("refund.button")}
          </Button>
        )}
        {!canAuthActions && !canRefund && <p className="text-sm text-slate-600">{t("noAction")}</p>}
      </div>
      <Suspense fallback={null}>
        {open === "capture" && (
          <CaptureDialog
            paymentId={p.paymentId}
            currency={p.currency}
            authorizedMinor={p.authorizedMinor}
            onDone={done}
            onClose={() => setOpen(null)}
          />
        )}
        {open === "void" && (
          <VoidDialog
            paymentId={p.paymentId}
            currency={p.currency}
            authorizedMinor={p.authorizedMinor}
            onDone={done}
            onClose={() => setOpen(null)}
          />
        )}
        {open === "refund" && (
          <RefundDialog
            paymentId={p.paymentId}
            currency={p.currency}
            refundableMinor={p.refundableMinor}
            approvalThresholdMinor={p.approvalThresholdMinor}
            reasons={p.reasons}
            onDone={done}
            onClose={() => setOpen(null)}
          />
        )}
      </Suspense>
    </div>
  );
}

"use client";
// Approve or reject a held refund (REFUNDS_APPROVE; never the requester's own). Both ask first, with the
// consequence stated (amount, order, requester): approving sends the money back at once and cannot be undone;
// rejecting asks why, in words the requester reads on the payment's timeline. The confirmation loads on demand.
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextareaField } from "@/components/ui/field";
import { MoneyAmount } from "@/components/ui/money";
import { apiFetch } from "@/lib/api-client";
import type { CurrencyCode } from "@/lib/money";
import { useApiMutation } from "@/lib/use-api-mutation";
import { useDecisionMessage } from "./decision-message";

const ConfirmDialog = lazy(() => import("@/components/ui/confirm-dialog").then((m) => ({ default: m.ConfirmDialog })));

type Decision = "approve" | "reject";

export interface ApprovalButtonsProps {
  actionId: string;
  amount: { minor: number; currency: CurrencyCode } | null;
  orderId: string;
  requestedBy: string;
  disabledReason?: string;
}

export function ApprovalButtons({ actionId, amount, orderId, requestedBy, disabledReason }: ApprovalButtonsProps) {
  const t = useTranslations("refunds.decide");
  const setMessage = useDecisionMessage();
  const [asking, setAsking] = useState<Decision | null>(null);
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string | null>(null);
  // The result stays on the page (the decided refund leaves the list when it refreshes); an error stays in the
  // confirmation, which stays open so the person sees why nothing happened.
  const { submit, pending, error, reset } = useApiMutation({
    mutationFn: (decision: Decision) =>
      apiFetch<{ message: string; state: string }>(`/api/refunds/${actionId}/${decision}`, {
        method: "POST",
        body: decision === "reject" ? { note: note.trim() } : {},
      }),
    fallbackMessage: t("notRecorded"),
    refresh: "always",
    onSuccess: (r) => {
      setAsking(null);
      setMessage({
        tone: r.state === "succeeded" || r.state === "rejected" ? "success" : "warning",
        text: r.state === "succeeded" ? t("approved") : r.message,
      });
    },
  });
  const ask = (decision: Decision) => {
    setMessage(null);
    reset();
    setNote("");
    setNoteError(null);
    setAsking(decision);
  };
  const confirm = (decision: Decision) => {
    if (decision === "reject" && note.trim().length < 3) {
      setNoteError(t("reasonNeeded"));
      return;
    }
    void submit(decision);
  };
  const what = () => (amount ? <MoneyAmount value={amount} /> : t("thisRefund"));
  const person = (c: React.ReactNode) => <bdi>{c}</bdi>;
  const order = (c: React.ReactNode) => <bdi dir="ltr">{c}</bdi>;
  return (
    <div className="flex gap-2">
      <Button size="sm" disabled={pending} disabledReason={disabledReason} onClick={() => ask("approve")}>
        {t("approve")}
      </Button>
      <Button size="sm" variant="secondary" disabled={pending} disabledReason={disabledReason} onClick={() => ask("reject")}>
        {t("reject")}
      </Button>
      {asking && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            onClose={() => setAsking(null)}
            title={asking === "approve" ? t("approveTitle") : t("rejectTitle")}
            subject={t.rich("subject", { orderId, name: requestedBy, o: order, p: person })}
            confirmLabel={asking === "approve" ? t("approveConfirm") : t("rejectConfirm")}
            variant={asking === "approve" ? "danger" : "primary"}
            onConfirm={() => confirm(asking)}
            pending={pending}
            error={error}
          >
            {asking === "approve"
              ? t.rich("approveBody", { orderId, a: what, o: order })
              : t.rich("rejectBody", { name: requestedBy, a: what, p: person })}
            {asking === "reject" && (
              <TextareaField
                wrapperClassName="mt-3"
                label={t("reasonLabel")}
                hint={t("reasonHint")}
                required
                maxLength={500}
                value={note}
                error={noteError ?? undefined}
                onChange={(e) => {
                  setNote(e.target.value);
                  if (noteError) setNoteError(null);
                }}
              />
            )}
          </ConfirmDialog>
        </Suspense>
      )}
    </div>
  );
}

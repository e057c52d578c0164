"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { MoneyAmount } from "@/components/ui/money";
import type { CurrencyCode } from "@/lib/money";
import type { ActionResult } from "@/lib/schemas/payment-actions-values";
import { apiFetch } from "@/lib/api-client";
import { useApiMutation } from "@/lib/use-api-mutation";

export function VoidDialog(p: {
  paymentId: string;
  currency: CurrencyCode;
  authorizedMinor: number;
  onDone(r: ActionResult): void;
  onClose(): void;
}) {
  // This dialog's idempotency key, created when it opens: a double click or a retried request voids once.
  const { submit, pending, error } = useApiMutation({
    mutationFn: (_: void, { idempotencyKey }) =>
      apiFetch<ActionResult>(`/api/transactions/${p.paymentId}/void`, { method: "POST", body: { idempotencyKey } }),
    refresh: true,
    onSuccess: p.onDone,
  });
  const confirm = () => void submit();
  return (
    <Dialog
      open
      onClose={p.onClose}
      busy={pending}
      size="sm"
      title="Void authorization"
      footer={
        <>
          <Button variant="secondary" onClick={p.onClose} disabled={pending} data-autofocus>
            Keep it
          </Button>
          <Button variant="danger" loading={pending} onClick={confirm}>
            Void
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">
        Release the authorization of <MoneyAmount value={{ minor: p.authorizedMinor, currency: p.currency }} />. The customer is not
        charged, and the payment can no longer be captured.
      </p>
      {error && (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      )}
    </Dialog>
  );
}

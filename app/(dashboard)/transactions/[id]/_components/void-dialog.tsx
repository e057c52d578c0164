"use client";
// Void an authorization: irreversible, so the one confirmation (ConfirmDialog) with its consequence stated.
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
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
    refresh: "always",
    onSuccess: p.onDone,
  });
  return (
    <ConfirmDialog
      open
      onClose={p.onClose}
      title="Void authorization"
      subject={
        <>
          Authorized: <MoneyAmount value={{ minor: p.authorizedMinor, currency: p.currency }} />
        </>
      }
      confirmLabel="Void"
      cancelLabel="Keep it"
      variant="danger"
      onConfirm={() => void submit()}
      pending={pending}
      error={error}
    >
      Release the authorization of <MoneyAmount value={{ minor: p.authorizedMinor, currency: p.currency }} />. The customer is not charged,
      and the payment can no longer be captured. This cannot be undone.
    </ConfirmDialog>
  );
}

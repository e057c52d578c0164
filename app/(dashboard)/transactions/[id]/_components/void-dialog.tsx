"use client";
// Void an authorization: irreversible, so the one confirmation (ConfirmDialog) with its consequence stated.
import { useTranslations } from "next-intl";
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
  const t = useTranslations("moneyActions");
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
      title={t("void.title")}
      subject={t.rich("authorized", { m: () => <MoneyAmount value={{ minor: p.authorizedMinor, currency: p.currency }} /> })}
      confirmLabel={t("void.button")}
      cancelLabel={t("void.keep")}
      variant="danger"
      onConfirm={() => void submit()}
      pending={pending}
      error={error}
    >
      {t.rich("void.body", { m: () => <MoneyAmount value={{ minor: p.authorizedMinor, currency: p.currency }} /> })}
    </ConfirmDialog>
  );
}

"use client";
// The confirmation of "Cancel link", with its consequence: the customer can no longer pay, and the dashboard
// refuses a payment that still arrives for it. On success the list is rendered again (the link shows "Cancelled").
import { useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { useApiMutation } from "@/lib/use-api-mutation";

/** The amount as the server formatted it ("SAR 25.50"): the dialog needs no money code of its own. */
export type MoneyText = string | null;

export function CancelLinkDialog(p: { paymentId: string; orderId: string; amount: MoneyText; onClose(): void }) {
  const t = useTranslations("links.cancel");
  const { submit, pending, error } = useApiMutation({
    mutationFn: () => apiFetch(`/api/payments/links/${p.paymentId}/cancel`, { method: "POST" }),
    fallbackMessage: t("failed"),
    invalidate: [queryKeys.paymentLinks()],
    refresh: "always",
    onSuccess: p.onClose,
  });
  return (
    <ConfirmDialog
      open
      onClose={p.onClose}
      title={t("title")}
      subject={
        <>
          {t.rich("subject", { id: () => <bdi dir="ltr">{p.orderId}</bdi> })}
          {p.amount && (
            <>
              {" · "}
              <bdi dir="ltr">{p.amount}</bdi>
            </>
          )}
        </>
      }
      confirmLabel={t("confirm")}
      variant="danger"
      onConfirm={() => void submit()}
      pending={pending}
      error={error}
    >
      <p>{t("text")}</p>
    </ConfirmDialog>
  );
}

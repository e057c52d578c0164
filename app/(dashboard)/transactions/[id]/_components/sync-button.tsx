"use client";
// "Sync with gateway": re-queries the payment's status and details and updates the ledger (forward only).
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/api-client";
import { useApiMutation } from "@/lib/use-api-mutation";

export function SyncButton({ paymentId }: { paymentId: string }) {
  const t = useTranslations("payment.sync");
  const [note, setNote] = useState<string | null>(null);
  const { submit, pending, error } = useApiMutation({
    mutationFn: () => apiFetch<{ message?: string; changed?: boolean }>(`/api/transactions/${paymentId}/sync`, { method: "POST" }),
    fallbackMessage: t("failed"),
    // Even a failed sync is a line on the timeline ("Checked with the gateway"): the page refreshes either way.
    refresh: "always",
    onSuccess: (r) => setNote(r.message ?? (r.changed ? t("updated") : t("matches"))),
  });
  const sync = () => {
    setNote(null);
    void submit();
  };
  return (
    <div className="flex items-center gap-3">
      <Button variant="secondary" size="sm" loading={pending} onClick={sync}>
        {t("button")}
      </Button>
      <p role="status" className="text-sm text-slate-600">
        {error ?? note}
      </p>
    </div>
  );
}

"use client";
// "Refresh from gateway" (super-admins): re-mirror every role of the gateway, then re-render the list.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/api-client";
import type { RoleRefreshResult } from "@/lib/schemas/admin-roles";
import { useApiMutation } from "@/lib/use-api-mutation";

export function RefreshButton() {
  const t = useTranslations("roles.refresh");
  const [note, setNote] = useState<string | null>(null);
  const { submit, pending, error } = useApiMutation({
    mutationFn: () => apiFetch<RoleRefreshResult>("/api/admin/roles/refresh", { method: "POST" }),
    fallbackMessage: t("failed"),
    refresh: true,
    onSuccess: (r) => {
      setNote(r.complete ? t("complete", { count: r.roles }) : t("partial", { count: r.roles }));
    },
  });
  const refresh = () => {
    setNote(null);
    void submit();
  };
  return (
    <div className="flex items-center gap-3">
      <p role="status" className="text-sm text-slate-600">
        {error ?? note}
      </p>
      <Button variant="secondary" loading={pending} onClick={refresh}>
        {t("button")}
      </Button>
    </div>
  );
}

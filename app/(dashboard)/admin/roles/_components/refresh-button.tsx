"use client";
// "Refresh from gateway" (super-admins): re-mirror every role of the gateway, then re-render the list.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/api-client";
import type { RoleRefreshResult } from "@/lib/schemas/admin-roles";
import { useApiMutation } from "@/lib/use-api-mutation";

export function RefreshButton() {
  const [note, setNote] = useState<string | null>(null);
  const { submit, pending, error } = useApiMutation({
    mutationFn: () => apiFetch<RoleRefreshResult>("/api/admin/roles/refresh", { method: "POST" }),
    fallbackMessage: "The refresh failed.",
    refresh: true,
    onSuccess: (r) => {
      const roles = `${r.roles} ${r.roles === 1 ? "role" : "roles"}`;
      setNote(
        r.complete
          ? `Mirrored ${roles} from the gateway.`
          : `Mirrored the first ${roles}; the gateway has more pages than one refresh reads.`,
      );
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
        Refresh from gateway
      </Button>
    </div>
  );
}

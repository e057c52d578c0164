"use client";
// "Refresh from gateway" (super-admins): re-mirror every role of the gateway, then re-render the list.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch, ApiError } from "@/lib/api-client";
import type { RoleRefreshResult } from "@/lib/schemas/admin-roles";

export function RefreshButton() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const refresh = async () => {
    setPending(true);
    setNote(null);
    try {
      const r = await apiFetch<RoleRefreshResult>("/api/admin/roles/refresh", { method: "POST" });
      const roles = `${r.roles} ${r.roles === 1 ? "role" : "roles"}`;
      setNote(r.complete ? `Mirrored ${roles} from the gateway.` : `Mirrored the first ${roles}; the gateway has more pages than one refresh reads.`);
      router.refresh();
    } catch (e) {
      setNote(e instanceof ApiError ? e.message : "The refresh failed.");
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="flex items-center gap-3">
      <p role="status" className="text-sm text-slate-600">
        {note}
      </p>
      <Button variant="secondary" loading={pending} onClick={refresh}>
        Refresh from gateway
      </Button>
    </div>
  );
}

"use client";
// "Sync with gateway": re-queries the payment's status and details and updates the ledger (forward only).
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch, ApiError } from "@/lib/api-client";

export function SyncButton({ paymentId }: { paymentId: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const sync = async () => {
    setPending(true);
    setNote(null);
    try {
      const r = await apiFetch<{ message?: string; changed?: boolean }>(`/api/transactions/${paymentId}/sync`, { method: "POST" });
      setNote(r.message ?? (r.changed ? "The ledger was updated from the gateway." : "The ledger already matches the gateway."));
      router.refresh();
    } catch (e) {
      setNote(e instanceof ApiError ? e.message : "The sync failed.");
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="flex items-center gap-3">
      <Button variant="secondary" size="sm" loading={pending} onClick={sync}>
        Sync with gateway
      </Button>
      <p role="status" className="text-sm text-slate-600">
        {note}
      </p>
    </div>
  );
}

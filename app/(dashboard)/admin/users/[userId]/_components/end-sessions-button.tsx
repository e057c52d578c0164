"use client";
// A super-admin ends one session of a user (sessionId given) or all of them; the page then reloads its lists.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { apiFetch, ApiError } from "@/lib/api-client";

export function EndSessionsButton({ userId, sessionId, label, ariaLabel, disabledReason }: { userId: string; sessionId?: string; label: string; ariaLabel?: string; disabledReason?: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const end = async () => {
    setBusy(true);
    setError(null);
    try {
      await apiFetch(`/api/admin/users/${userId}/sessions/end`, { method: "POST", body: sessionId ? { sessionId } : {} });
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "The session could not be ended.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col items-end gap-2">
      <Button variant="danger" size="sm" loading={busy} onClick={end} aria-label={ariaLabel} disabledReason={disabledReason}>
        {label}
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}

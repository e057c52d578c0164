"use client";
// Ends every other session of the signed-in user (this browser stays signed in), then reloads the list.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { apiFetch, ApiError } from "@/lib/api-client";

export function SignOutOthersButton({ others }: { others: number }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  const signOutOthers = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const { ended } = await apiFetch<{ ended: number }>("/api/account/sessions/end-others", { method: "POST" });
      setMessage({ tone: "success", text: ended === 1 ? "1 other session was signed out." : `${ended} other sessions were signed out.` });
      router.refresh();
    } catch (e) {
      setMessage({ tone: "error", text: e instanceof ApiError ? e.message : "The other sessions could not be signed out." });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col items-end gap-2">
      <Button variant="secondary" size="sm" loading={busy} onClick={signOutOthers} disabledReason={others === 0 ? "No other session is signed in." : undefined}>
        Sign out other sessions
      </Button>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
    </div>
  );
}

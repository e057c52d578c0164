"use client";
// "Use a passkey": asks this session's WebAuthn challenge, lets the browser's authenticator sign it, and presents the
// answer as the second factor. @simplewebauthn/browser is loaded on click, not with the page.
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { apiFetch, ApiError } from "@/lib/api-client";

export function PasskeyButton({ purpose, onDone, primary = false }: { purpose: "sign_in" | "step_up"; onDone: () => void; primary?: boolean }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const use = async () => {
    setBusy(true);
    setError(null);
    try {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const optionsJSON = await apiFetch<Parameters<typeof startAuthentication>[0]["optionsJSON"]>("/api/session/passkey/options", { method: "POST" });
      const response = await startAuthentication({ optionsJSON });
      await apiFetch("/api/session/passkey", { method: "POST", body: { purpose, response } });
      onDone();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "The passkey was not used. Try again, or use a code.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-4 space-y-2">
      {error && <Alert tone="error">{error}</Alert>}
      <Button variant={primary ? "primary" : "secondary"} className="w-full" loading={busy} onClick={use}>
        Use a passkey
      </Button>
    </div>
  );
}

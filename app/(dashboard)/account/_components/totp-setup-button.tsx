"use client";
// Setting up an authenticator app from the Account page (a user who has none: under MFA_REQUIRED=none, or after
// removing it while a passkey remains): the key and QR code come from the server, a code confirms it, and the new
// recovery codes are shown once.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { RecoveryCodesPanel } from "@/components/auth/recovery-codes-panel";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { InputField } from "@/components/ui/field";
import { apiFetch, ApiError } from "@/lib/api-client";

export function TotpSetupButton() {
  const router = useRouter();
  const [setup, setSetup] = useState<{ secret: string; qr: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fail = (e: unknown, fallback: string) => setError(e instanceof ApiError ? (e.fields?.code?.[0] ?? e.message) : fallback);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      setSetup(await apiFetch<{ secret: string; qr: string }>("/api/account/totp", { method: "POST" }));
    } catch (e) {
      fail(e, "The authenticator app could not be set up.");
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setCodes((await apiFetch<{ recoveryCodes: string[] }>("/api/session/enrolment/totp", { method: "POST", body: { code } })).recoveryCodes);
    } catch (err) {
      fail(err, "The code could not be checked.");
      setCode("");
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setSetup(null);
    setCodes(null);
    setCode("");
    setError(null);
    router.refresh();
  };

  return (
    <div className="space-y-2">
      <Button variant="secondary" size="sm" onClick={start} loading={busy && !setup}>
        Set up an authenticator app
      </Button>
      {error && !setup && <Alert tone="error">{error}</Alert>}
      <Dialog open={setup !== null} onClose={close} busy={busy} size="sm" title="Set up an authenticator app" description="Scan the QR code with the app, or type the key, then enter the code it shows.">
        {codes ? (
          <RecoveryCodesPanel codes={codes} onDone={close} doneLabel="Done" />
        ) : (
          setup && (
            <form onSubmit={confirm} noValidate className="space-y-3">
              <div className="flex justify-center">
                {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL drawn on the server */}
                <img src={setup.qr} width={200} height={200} alt="QR code to scan with your authenticator app" className="rounded border border-slate-200" />
              </div>
              <p className="text-sm">
                Key:{" "}
                <code data-testid="totp-secret" className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono">
                  <bdi dir="ltr">{setup.secret.match(/.{1,4}/g)?.join(" ")}</bdi>
                </code>
              </p>
              {error && <Alert tone="error">{error}</Alert>}
              <InputField label="Code from the app" inputMode="numeric" autoComplete="one-time-code" maxLength={7} required value={code} onChange={(e) => setCode(e.target.value)} />
              <Button type="submit" loading={busy} className="w-full">
                Confirm
              </Button>
            </form>
          )
        )}
      </Dialog>
    </div>
  );
}

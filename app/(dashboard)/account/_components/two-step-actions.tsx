"use client";
// The Account page's second-factor actions: add a passkey (the browser library loaded on click), remove a factor
// (confirmed in a dialog), make new recovery codes (shown once in a dialog). Each asks for a fresh factor first when
// the last one is older than 5 minutes: apiFetch's step-up dialog does that and retries.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { RecoveryCodesPanel } from "@/components/auth/recovery-codes-panel";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { InputField } from "@/components/ui/field";
import { apiFetch, ApiError } from "@/lib/api-client";
import type { RemoveFactorInput } from "@/lib/schemas/mfa";

const messageOf = (e: unknown, fallback: string) => (e instanceof ApiError ? e.message : fallback);

export function AddPasskeyButton() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { startRegistration } = await import("@simplewebauthn/browser");
      const optionsJSON = await apiFetch<Parameters<typeof startRegistration>[0]["optionsJSON"]>("/api/account/passkeys/options", { method: "POST" });
      const response = await startRegistration({ optionsJSON });
      await apiFetch("/api/account/passkeys", { method: "POST", body: { name: name.trim() || "Passkey", response } });
      setOpen(false);
      router.refresh();
    } catch (err) {
      setError(messageOf(err, "The passkey was not added. Try again."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Add a passkey
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        busy={busy}
        size="sm"
        title="Add a passkey"
        description="Your device or security key will ask you to confirm with a fingerprint, face or PIN."
        footer={
          <Button type="submit" form="add-passkey-form" loading={busy}>
            Continue
          </Button>
        }
      >
        <form id="add-passkey-form" onSubmit={add} className="space-y-3">
          {error && <Alert tone="error">{error}</Alert>}
          <InputField label="Name" hint="So you can tell your passkeys apart, e.g. “Work laptop”." maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
        </form>
      </Dialog>
    </>
  );
}

export function RemoveFactorButton({ factor, label }: { factor: RemoveFactorInput; label: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await apiFetch("/api/account/factors/remove", { method: "POST", body: factor });
      setOpen(false);
      router.refresh();
    } catch (err) {
      setError(messageOf(err, "The factor was not removed."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        Remove<span className="sr-only"> {label}</span>
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        busy={busy}
        size="sm"
        title={`Remove ${label}?`}
        description="You will no longer be able to sign in with it."
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" onClick={remove} loading={busy}>
              Remove
            </Button>
          </>
        }
      >
        {error && <Alert tone="error">{error}</Alert>}
      </Dialog>
    </>
  );
}

export function RegenerateCodesButton() {
  const router = useRouter();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const regenerate = async () => {
    setBusy(true);
    setError(null);
    try {
      setCodes((await apiFetch<{ recoveryCodes: string[] }>("/api/account/recovery-codes", { method: "POST" })).recoveryCodes);
    } catch (err) {
      setError(messageOf(err, "New recovery codes could not be made."));
    } finally {
      setBusy(false);
    }
  };
  const done = () => {
    setCodes(null);
    router.refresh();
  };
  return (
    <div className="space-y-2">
      <Button variant="secondary" size="sm" onClick={regenerate} loading={busy}>
        Make new recovery codes
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
      <Dialog open={codes !== null} onClose={done} size="sm" title="New recovery codes" description="Your old recovery codes no longer work.">
        {codes && <RecoveryCodesPanel codes={codes} onDone={done} doneLabel="Done" />}
      </Dialog>
    </div>
  );
}

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
import { apiFetch } from "@/lib/api-client";
import type { RemoveFactorInput } from "@/lib/schemas/mfa";
import { useApiMutation } from "@/lib/use-api-mutation";

export function AddPasskeyButton() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const {
    submit,
    pending: busy,
    error,
  } = useApiMutation({
    mutationFn: async (passkeyName: string) => {
      const { startRegistration } = await import("@simplewebauthn/browser");
      const optionsJSON = await apiFetch<Parameters<typeof startRegistration>[0]["optionsJSON"]>("/api/account/passkeys/options", {
        method: "POST",
      });
      const response = await startRegistration({ optionsJSON });
      return apiFetch("/api/account/passkeys", { method: "POST", body: { name: passkeyName, response } });
    },
    fallbackMessage: "The passkey was not added. Try again.",
    refresh: true,
    onSuccess: () => setOpen(false),
  });
  const add = (e: React.FormEvent) => {
    e.preventDefault();
    void submit(name.trim() || "Passkey");
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
          <InputField
            label="Name"
            hint="So you can tell your passkeys apart, e.g. “Work laptop”."
            maxLength={60}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </form>
      </Dialog>
    </>
  );
}

export function RemoveFactorButton({ factor, label }: { factor: RemoveFactorInput; label: string }) {
  const [open, setOpen] = useState(false);
  const {
    submit,
    pending: busy,
    error,
  } = useApiMutation({
    mutationFn: () => apiFetch("/api/account/factors/remove", { method: "POST", body: factor }),
    fallbackMessage: "The factor was not removed.",
    refresh: true,
    onSuccess: () => setOpen(false),
  });
  const remove = () => void submit();
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
  const {
    submit,
    pending: busy,
    error,
  } = useApiMutation({
    mutationFn: () => apiFetch<{ recoveryCodes: string[] }>("/api/account/recovery-codes", { method: "POST" }),
    fallbackMessage: "New recovery codes could not be made.",
    onSuccess: (r) => setCodes(r.recoveryCodes),
  });
  const regenerate = () => void submit();
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
      <Dialog
        open={codes !== null}
        onClose={done}
        size="sm"
        title="New recovery codes"
        description="Your old recovery codes no longer work."
      >
        {codes && <RecoveryCodesPanel codes={codes} onDone={done} doneLabel="Done" />}
      </Dialog>
    </div>
  );
}

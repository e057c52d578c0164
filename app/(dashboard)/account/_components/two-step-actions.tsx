"use client";
// The Account page's second-factor actions: add a passkey (the browser library loaded on click), remove a factor
// (confirmed in a dialog), make new recovery codes (shown once in a dialog). Each asks for a fresh factor first when
// the last one is older than 5 minutes: apiFetch's step-up dialog does that and retries.
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
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
  const t = useTranslations("account");
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
    fallbackMessage: t("twoStep.addPasskeyFailed"),
    refresh: true,
    onSuccess: () => setOpen(false),
  });
  const add = (e: React.FormEvent) => {
    e.preventDefault();
    void submit(name.trim() || t("twoStep.passkeyDefaultName"));
  };
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        {t("twoStep.addPasskey")}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        busy={busy}
        size="sm"
        title={t("twoStep.addPasskey")}
        description={t("twoStep.addPasskeyDescription")}
        footer={
          <Button type="submit" form="add-passkey-form" loading={busy}>
            {t("twoStep.continue")}
          </Button>
        }
      >
        <form id="add-passkey-form" onSubmit={add} className="space-y-3">
          {error && <Alert tone="error">{error}</Alert>}
          <InputField
            label={t("twoStep.passkeyName")}
            hint={t("twoStep.passkeyNameHint")}
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
  const t = useTranslations("account");
  const [open, setOpen] = useState(false);
  const {
    submit,
    pending: busy,
    error,
  } = useApiMutation({
    mutationFn: () => apiFetch("/api/account/factors/remove", { method: "POST", body: factor }),
    fallbackMessage: t("twoStep.removeFailed"),
    refresh: true,
    onSuccess: () => setOpen(false),
  });
  const remove = () => void submit();
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        {t("twoStep.remove")}
        <span className="sr-only"> {label}</span>
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        busy={busy}
        size="sm"
        title={t("twoStep.removeTitle", { label })}
        description={t("twoStep.removeDescription")}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
              {t("twoStep.cancel")}
            </Button>
            <Button variant="danger" onClick={remove} loading={busy}>
              {t("twoStep.remove")}
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
  const t = useTranslations("account");
  const ta = useTranslations("auth");
  const router = useRouter();
  const [codes, setCodes] = useState<string[] | null>(null);
  const {
    submit,
    pending: busy,
    error,
  } = useApiMutation({
    mutationFn: () => apiFetch<{ recoveryCodes: string[] }>("/api/account/recovery-codes", { method: "POST" }),
    fallbackMessage: t("twoStep.newCodesFailed"),
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
        {t("twoStep.newCodes")}
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
      <Dialog
        open={codes !== null}
        onClose={done}
        size="sm"
        title={t("twoStep.newCodesTitle")}
        description={t("twoStep.newCodesDescription")}
      >
        {codes && <RecoveryCodesPanel codes={codes} onDone={done} doneLabel={ta("recovery.done")} />}
      </Dialog>
    </div>
  );
}

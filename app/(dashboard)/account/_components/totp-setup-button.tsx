"use client";
// Setting up an authenticator app from the Account page (a user who has none: under MFA_REQUIRED=none, or after
// removing it while a passkey remains): the key and QR code come from the server, a code confirms it, and the new
// recovery codes are shown once.
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { RecoveryCodesPanel } from "@/components/auth/recovery-codes-panel";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { InputField } from "@/components/ui/field";
import { apiFetch, type ApiError } from "@/lib/api-client";
import { useApiMutation } from "@/lib/use-api-mutation";

// The code field's own message (wrong or reused code) when there is one.
const codeMessage = (e: ApiError) => e.fields?.code?.[0] ?? e.message;

export function TotpSetupButton() {
  const t = useTranslations("account");
  const ta = useTranslations("auth");
  const router = useRouter();
  const [setup, setSetup] = useState<{ secret: string; qr: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  const begin = useApiMutation({
    mutationFn: () => apiFetch<{ secret: string; qr: string }>("/api/account/totp", { method: "POST" }),
    message: codeMessage,
    fallbackMessage: t("twoStep.setUpAppFailed"),
    onSuccess: setSetup,
  });
  const check = useApiMutation({
    mutationFn: (code: string) => apiFetch<{ recoveryCodes: string[] }>("/api/session/enrolment/totp", { method: "POST", body: { code } }),
    message: codeMessage,
    fallbackMessage: ta("enrol.failed"),
    onSuccess: (r) => setCodes(r.recoveryCodes),
    onError: () => setCode(""),
  });
  const busy = begin.pending || check.pending;
  const error = setup ? check.error : begin.error;

  const start = () => void begin.submit();
  const confirm = (e: React.FormEvent) => {
    e.preventDefault();
    void check.submit(code);
  };
  const close = () => {
    setSetup(null);
    setCodes(null);
    setCode("");
    begin.reset();
    check.reset();
    router.refresh();
  };

  return (
    <div className="space-y-2">
      <Button variant="secondary" size="sm" onClick={start} loading={busy && !setup}>
        {t("twoStep.setUpApp")}
      </Button>
      {error && !setup && <Alert tone="error">{error}</Alert>}
      <Dialog
        open={setup !== null}
        onClose={close}
        busy={busy}
        size="sm"
        title={t("twoStep.setUpApp")}
        description={t("twoStep.setUpDescription")}
      >
        {codes ? (
          <RecoveryCodesPanel codes={codes} onDone={close} doneLabel={ta("recovery.done")} />
        ) : (
          setup && (
            <form onSubmit={confirm} noValidate className="space-y-3">
              <div className="flex justify-center">
                {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL drawn on the server */}
                <img src={setup.qr} width={200} height={200} alt={ta("enrol.qrAlt")} className="rounded border border-slate-200" />
              </div>
              <p className="text-sm">
                {ta("enrol.key")}{" "}
                <code data-testid="totp-secret" className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono">
                  <bdi dir="ltr">{setup.secret.match(/.{1,4}/g)?.join(" ")}</bdi>
                </code>
              </p>
              {error && <Alert tone="error">{error}</Alert>}
              <InputField
                label={ta("enrol.code")}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                required
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
              <Button type="submit" loading={busy} className="w-full">
                {ta("enrol.confirm")}
              </Button>
            </form>
          )
        )}
      </Dialog>
    </div>
  );
}

"use client";
// Setting up the authenticator app at first sign-in: scan the QR code (or type the key), enter a code to confirm,
// then save the recovery codes shown once.
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { RecoveryCodesPanel } from "@/components/auth/recovery-codes-panel";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import { apiFetch } from "@/lib/api-client";
import { useApiMutation } from "@/lib/use-api-mutation";
import { useTypedBeforeHydration } from "@/lib/use-typed-before-hydration";

/** `token`: the mailed enrolment link's, after a super-admin reset the factors (sent with the confirmation). */
export function EnrolStep({ qr, secret, token }: { qr: string; secret: string; token: string | null }) {
  const t = useTranslations("auth");
  const router = useRouter();
  const [code, setCode] = useState("");
  const codeRef = useTypedBeforeHydration(setCode);
  const [codes, setCodes] = useState<string[] | null>(null);
  const {
    submit: check,
    pending: busy,
    error,
  } = useApiMutation({
    mutationFn: (code: string) =>
      apiFetch<{ recoveryCodes: string[] }>("/api/session/enrolment/totp", { method: "POST", body: token ? { code, token } : { code } }),
    // The code field's own message (wrong or reused code) when there is one.
    message: (e) => e.fields?.code?.[0] ?? e.message,
    fallbackMessage: t("enrol.failed"),
    onSuccess: (r) => setCodes(r.recoveryCodes),
    onError: () => setCode(""),
  });

  if (codes) return <RecoveryCodesPanel codes={codes} onDone={() => router.replace("/overview")} />;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    void check(code);
  };

  return (
    <div className="mt-4 space-y-4">
      <ol className="list-decimal space-y-1 ps-5 text-sm text-slate-700">
        <li>{t("enrol.step1")}</li>
        <li>{t("enrol.step2")}</li>
        <li>{t("enrol.step3")}</li>
      </ol>
      <div className="flex justify-center">
        {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL drawn on the server */}
        <img src={qr} width={200} height={200} alt={t("enrol.qrAlt")} className="rounded border border-slate-200" />
      </div>
      <p className="text-sm text-slate-700">
        {t("enrol.key")}{" "}
        <code data-testid="totp-secret" className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm">
          <bdi dir="ltr">{secret.match(/.{1,4}/g)?.join(" ")}</bdi>
        </code>
      </p>
      <form onSubmit={submit} noValidate className="space-y-4" aria-describedby={error ? "enrol-error" : undefined}>
        {error && (
          <div id="enrol-error">
            <Alert tone="error">{error}</Alert>
          </div>
        )}
        <InputField
          label={t("enrol.code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
          ref={codeRef}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button type="submit" loading={busy} className="w-full">
          {t("enrol.confirm")}
        </Button>
      </form>
    </div>
  );
}

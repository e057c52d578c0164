"use client";
// A second factor by code: six digits from the authenticator app, or (switchable) a recovery code. Used by the
// sign-in step and by the step-up dialog; the server checks, throttles and answers the one error shape.
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import { apiFetch } from "@/lib/api-client";
import { useApiMutation } from "@/lib/use-api-mutation";
import { useTypedBeforeHydration } from "@/lib/use-typed-before-hydration";

export interface CodeFactorResult {
  recoveryCodesLeft: number;
  kind: "totp" | "recovery_code";
}

export function CodeFactorForm({
  endpoint,
  submitLabel,
  onDone,
  allowRecovery = true,
  autoFocus = true,
  initialKind = "totp",
}: {
  endpoint: string;
  submitLabel: string;
  onDone: (r: CodeFactorResult) => void;
  allowRecovery?: boolean;
  autoFocus?: boolean;
  /** "recovery_code" for a user with no authenticator app (passkeys only). */
  initialKind?: "totp" | "recovery_code";
}) {
  const t = useTranslations("shell");
  const [kind, setKind] = useState<"totp" | "recovery_code">(initialKind);
  const [code, setCode] = useState("");
  const codeRef = useTypedBeforeHydration(setCode);
  const errorId = useId();
  const {
    submit: check,
    pending: busy,
    error,
    reset,
  } = useApiMutation({
    mutationFn: (v: { kind: "totp" | "recovery_code"; code: string }) =>
      apiFetch<{ recoveryCodesLeft: number }>(endpoint, { method: "POST", body: v }),
    // The code field's own message (wrong, reused or throttled) when there is one.
    message: (e) => e.fields?.code?.[0] ?? e.message,
    fallbackMessage: t("stepUp.codeFailed"),
    onSuccess: (r, v) => onDone({ recoveryCodesLeft: r.recoveryCodesLeft, kind: v.kind }),
    onError: () => setCode(""),
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    void check({ kind, code });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4" aria-describedby={error ? errorId : undefined}>
      {error && (
        <div id={errorId}>
          <Alert tone="error">{error}</Alert>
        </div>
      )}
      {kind === "totp" ? (
        <InputField
          key="totp"
          label={t("stepUp.totpLabel")}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          required
          autoFocus={autoFocus}
          ref={codeRef}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      ) : (
        <InputField
          key="recovery"
          label={t("stepUp.recoveryLabel")}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          required
          autoFocus={autoFocus}
          ref={codeRef}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          hint={t("stepUp.recoveryHint")}
        />
      )}
      <Button type="submit" loading={busy} className="w-full">
        {submitLabel}
      </Button>
      {allowRecovery && (
        <button
          type="button"
          className="text-sm text-slate-600 underline underline-offset-2 hover:text-slate-900"
          onClick={() => {
            setKind(kind === "totp" ? "recovery_code" : "totp");
            setCode("");
            reset();
          }}
        >
          {kind === "totp" ? t("stepUp.useRecovery") : t("stepUp.useApp")}
        </button>
      )}
    </form>
  );
}

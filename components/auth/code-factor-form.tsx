"use client";
// A second factor by code: six digits from the authenticator app, or (switchable) a recovery code. Used by the
// sign-in step and by the step-up dialog; the server checks, throttles and answers the one error shape.
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import { apiFetch, ApiError } from "@/lib/api-client";

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
  const [kind, setKind] = useState<"totp" | "recovery_code">(initialKind);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const r = await apiFetch<{ recoveryCodesLeft: number }>(endpoint, { method: "POST", body: { kind, code } });
      onDone({ recoveryCodesLeft: r.recoveryCodesLeft, kind });
    } catch (err) {
      setError(err instanceof ApiError ? (err.fields?.code?.[0] ?? err.message) : "The code could not be checked.");
      setCode("");
    } finally {
      setBusy(false);
    }
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
          label="Code from your authenticator app"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          required
          autoFocus={autoFocus}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      ) : (
        <InputField
          key="recovery"
          label="Recovery code"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          required
          autoFocus={autoFocus}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          hint="One of the codes you saved when you set up two-step verification. Each works once."
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
            setError(null);
          }}
        >
          {kind === "totp" ? "Use a recovery code instead" : "Use a code from the app instead"}
        </button>
      )}
    </form>
  );
}

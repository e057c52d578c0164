"use client";
// The sign-in's second step: a code (or a recovery code, or a passkey when the user has one). After a recovery code,
// says how many are left and urges new ones when few remain, before going on.
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { CodeFactorForm } from "@/components/auth/code-factor-form";
import { PasskeyButton } from "@/components/auth/passkey-button";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

const LOW = 3;

export function VerifyStep({ hasTotp, hasPasskey }: { hasTotp: boolean; hasPasskey: boolean }) {
  const t = useTranslations("auth");
  const [left, setLeft] = useState<number | null>(null);
  const router = useRouter();
  const go = () => router.replace("/overview");
  if (left !== null) {
    return (
      <div className="mt-4 space-y-4">
        <Alert tone={left <= LOW ? "warning" : "info"} title={t("verify.codesLeft", { count: left })}>
          {left <= LOW ? t("verify.lowHint") : t("verify.eachOnce")}
        </Alert>
        <Button className="w-full" onClick={go}>
          {t("verify.continue")}
        </Button>
      </div>
    );
  }
  return (
    <>
      {hasPasskey && <PasskeyButton purpose="sign_in" onDone={go} primary={!hasTotp} />}
      <CodeFactorForm
        endpoint="/api/session/second-factor"
        submitLabel={t("verify.submit")}
        initialKind={hasTotp ? "totp" : "recovery_code"}
        allowRecovery={hasTotp}
        autoFocus={!hasPasskey}
        onDone={(r) => (r.kind === "recovery_code" ? setLeft(r.recoveryCodesLeft) : go())}
      />
    </>
  );
}

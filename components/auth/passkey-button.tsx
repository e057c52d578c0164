"use client";
// "Use a passkey": asks this session's WebAuthn challenge, lets the browser's authenticator sign it, and presents the
// answer as the second factor. @simplewebauthn/browser is loaded on click, not with the page.
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/api-client";
import { useApiMutation } from "@/lib/use-api-mutation";

export function PasskeyButton({
  purpose,
  onDone,
  primary = false,
}: {
  purpose: "sign_in" | "step_up";
  onDone: () => void;
  primary?: boolean;
}) {
  const t = useTranslations("shell");
  const {
    submit,
    pending: busy,
    error,
  } = useApiMutation({
    mutationFn: async () => {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const optionsJSON = await apiFetch<Parameters<typeof startAuthentication>[0]["optionsJSON"]>("/api/session/passkey/options", {
        method: "POST",
      });
      const response = await startAuthentication({ optionsJSON });
      return apiFetch("/api/session/passkey", { method: "POST", body: { purpose, response } });
    },
    fallbackMessage: t("stepUp.passkeyFailed"),
    onSuccess: onDone,
  });
  const use = () => void submit();
  return (
    <div className="mt-4 space-y-2">
      {error && <Alert tone="error">{error}</Alert>}
      <Button variant={primary ? "primary" : "secondary"} className="w-full" loading={busy} onClick={use}>
        {t("stepUp.usePasskey")}
      </Button>
    </div>
  );
}

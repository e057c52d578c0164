"use client";
// Ends every other session of the signed-in user (this browser stays signed in), then reloads the list.
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/api-client";
import { useApiMutation } from "@/lib/use-api-mutation";

export function SignOutOthersButton({ others }: { others: number }) {
  const t = useTranslations("account");
  const {
    submit,
    pending: busy,
    error,
    result,
  } = useApiMutation({
    mutationFn: () => apiFetch<{ ended: number }>("/api/account/sessions/end-others", { method: "POST" }),
    fallbackMessage: t("sessions.signOutFailed"),
    refresh: true,
  });
  const signOutOthers = () => void submit();
  const message: { tone: "success" | "error"; text: string } | null = error
    ? { tone: "error", text: error }
    : result
      ? {
          tone: "success",
          text: t("sessions.signedOut", { count: result.ended }),
        }
      : null;

  return (
    <div className="flex flex-col items-end gap-2">
      <Button
        variant="secondary"
        size="sm"
        loading={busy}
        onClick={signOutOthers}
        disabledReason={others === 0 ? t("sessions.noOthers") : undefined}
      >
        {t("sessions.signOutOthers")}
      </Button>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
    </div>
  );
}

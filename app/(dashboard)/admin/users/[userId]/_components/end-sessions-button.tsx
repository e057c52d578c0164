"use client";
// A super-admin ends one session of a user (sessionId given) or all of them; the page then reloads its lists.
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/api-client";
import { useApiMutation } from "@/lib/use-api-mutation";

export function EndSessionsButton({
  userId,
  sessionId,
  label,
  ariaLabel,
  disabledReason,
}: {
  userId: string;
  sessionId?: string;
  label: string;
  ariaLabel?: string;
  disabledReason?: string;
}) {
  const t = useTranslations("users.user");
  const {
    submit,
    pending: busy,
    error,
  } = useApiMutation({
    mutationFn: () => apiFetch(`/api/admin/users/${userId}/sessions/end`, { method: "POST", body: sessionId ? { sessionId } : {} }),
    fallbackMessage: t("endFailed"),
    refresh: true,
  });
  const end = () => void submit();

  return (
    <div className="flex flex-col items-end gap-2">
      <Button variant="danger" size="sm" loading={busy} onClick={end} aria-label={ariaLabel} disabledReason={disabledReason}>
        {label}
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}

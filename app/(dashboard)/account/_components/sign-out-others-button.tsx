"use client";
// Ends every other session of the signed-in user (this browser stays signed in), then reloads the list.
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/api-client";
import { useApiMutation } from "@/lib/use-api-mutation";

export function SignOutOthersButton({ others }: { others: number }) {
  const {
    submit,
    pending: busy,
    error,
    result,
  } = useApiMutation({
    mutationFn: () => apiFetch<{ ended: number }>("/api/account/sessions/end-others", { method: "POST" }),
    fallbackMessage: "The other sessions could not be signed out.",
    refresh: true,
  });
  const signOutOthers = () => void submit();
  const message: { tone: "success" | "error"; text: string } | null = error
    ? { tone: "error", text: error }
    : result
      ? {
          tone: "success",
          text: result.ended === 1 ? "1 other session was signed out." : `${result.ended} other sessions were signed out.`,
        }
      : null;

  return (
    <div className="flex flex-col items-end gap-2">
      <Button
        variant="secondary"
        size="sm"
        loading={busy}
        onClick={signOutOthers}
        disabledReason={others === 0 ? "No other session is signed in." : undefined}
      >
        Sign out other sessions
      </Button>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
    </div>
  );
}

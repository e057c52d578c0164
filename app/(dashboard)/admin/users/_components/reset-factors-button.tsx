"use client";
// Super-admins only: reset another user's second factors (lost phone). Confirmed in a dialog, since it ends the
// user's sessions and makes them set up two-step verification again at their next sign-in.
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { apiFetch } from "@/lib/api-client";
import { useApiMutation } from "@/lib/use-api-mutation";

export function ResetFactorsButton({ user }: { user: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const {
    submit,
    pending: busy,
    error,
    reset: forget,
  } = useApiMutation({
    mutationFn: () => apiFetch(`/api/admin/users/${user.id}/factors/reset`, { method: "POST" }),
    fallbackMessage: "The factors could not be reset.",
    refresh: true,
    onSuccess: () => setDone(true),
  });
  const reset = () => void submit();
  const close = () => {
    setOpen(false);
    setDone(false);
    forget();
  };
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)} aria-label={`Reset two-step verification of ${user.name}`}>
        Reset 2FA
      </Button>
      <Dialog
        open={open}
        onClose={close}
        busy={busy}
        size="sm"
        title={`Reset two-step verification of ${user.name}?`}
        description="Their authenticator app, passkeys and recovery codes are removed and every session of theirs ends. They are told by e-mail and set up two-step verification again at their next sign-in."
        footer={
          done ? (
            <Button onClick={close}>Close</Button>
          ) : (
            <>
              <Button variant="secondary" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button variant="danger" onClick={reset} loading={busy}>
                Reset
              </Button>
            </>
          )
        }
      >
        {error && <Alert tone="error">{error}</Alert>}
        {done && <Alert tone="success">Done. {user.name} has been signed out and told by e-mail.</Alert>}
      </Dialog>
    </>
  );
}

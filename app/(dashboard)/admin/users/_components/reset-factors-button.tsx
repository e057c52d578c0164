"use client";
// Super-admins only: reset another user's second factors (lost phone). Confirmed in a dialog, since it ends the
// user's sessions and makes them set up two-step verification again at their next sign-in.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { apiFetch, ApiError } from "@/lib/api-client";

export function ResetFactorsButton({ user }: { user: { id: string; name: string } }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const reset = async () => {
    setBusy(true);
    setError(null);
    try {
      await apiFetch(`/api/admin/users/${user.id}/factors/reset`, { method: "POST" });
      setDone(true);
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "The factors could not be reset.");
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setOpen(false);
    setDone(false);
    setError(null);
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

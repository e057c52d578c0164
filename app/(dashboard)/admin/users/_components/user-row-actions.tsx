"use client";
// Per-user actions on the Users page: change roles (a small dialog with checkboxes) and disable / enable.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { apiFetch, ApiError } from "@/lib/api-client";
import { ResetFactorsButton } from "./reset-factors-button";

export interface UserRowActionsProps {
  user: { id: string; name: string; status: string; roleIds: string[] };
  roles: Array<{ id: string; name: string }>;
  isSelf: boolean;
  /** The viewer is a super-admin and this is someone else: offer "Reset 2FA". */
  canResetFactors?: boolean;
}

export function UserRowActions({ user, roles, isSelf, canResetFactors = false }: UserRowActionsProps) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState<string[]>(user.roleIds);

  const call = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
      router.refresh();
      return true;
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "The change could not be saved.");
      return false;
    } finally {
      setBusy(false);
    }
  };
  const toggleStatus = () =>
    call(() => apiFetch(`/api/admin/users/${user.id}/status`, { method: "POST", body: { status: user.status === "active" ? "disabled" : "active" } }));
  const saveRoles = async () => {
    if (await call(() => apiFetch(`/api/admin/users/${user.id}/roles`, { method: "PUT", body: { roleIds: chosen } }))) setEditing(false);
  };

  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex gap-2">
        <Button size="sm" variant="secondary" onClick={() => setEditing(true)} aria-label={`Change roles of ${user.name}`}>
          Roles
        </Button>
        <Button
          size="sm"
          variant={user.status === "active" ? "danger" : "secondary"}
          loading={busy && !editing}
          onClick={toggleStatus}
          disabledReason={isSelf && user.status === "active" ? "You cannot disable your own account." : undefined}
          aria-label={`${user.status === "active" ? "Disable" : "Enable"} ${user.name}`}
        >
          {user.status === "active" ? "Disable" : "Enable"}
        </Button>
        {canResetFactors && <ResetFactorsButton user={user} />}
      </div>
      {error && !editing && <Alert tone="error">{error}</Alert>}
      {editing && (
        <Dialog
          open
          onClose={() => setEditing(false)}
          busy={busy}
          title={`Roles of ${user.name}`}
          description="Permissions change on the user's next request."
          footer={
            <>
              <Button variant="secondary" onClick={() => setEditing(false)} disabled={busy}>
                Cancel
              </Button>
              <Button loading={busy} onClick={saveRoles}>
                Save roles
              </Button>
            </>
          }
        >
          {error && <Alert tone="error" className="mb-3">{error}</Alert>}
          <fieldset>
            <legend className="sr-only">Roles</legend>
            <ul className="space-y-2">
              {roles.map((r) => (
                <li key={r.id}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-600"
                      checked={chosen.includes(r.id)}
                      onChange={(e) => setChosen(e.target.checked ? [...chosen, r.id] : chosen.filter((id) => id !== r.id))}
                    />
                    <span dir="auto">{r.name}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        </Dialog>
      )}
    </div>
  );
}

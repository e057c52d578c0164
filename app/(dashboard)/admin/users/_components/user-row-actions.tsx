"use client";
// Per-user actions on the Users page: change roles (a small dialog with checkboxes), disable / enable, and re-send
// the invitation of a user who has not chosen a password yet. Only what the viewer may do is offered (the page
// says what: no controls on their own row or, unless they are a super-admin, on a super-admin's; roles they do
// not fully hold are shown disabled); the services refuse the rest anyway.
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { LocalTime } from "@/components/ui/local-time";
import { apiFetch } from "@/lib/api-client";
import { useApiMutation } from "@/lib/use-api-mutation";
import { ResetFactorsButton } from "./reset-factors-button";

export interface UserRowActionsProps {
  user: { id: string; name: string; email: string; status: string; roleIds: string[]; invitationPending: boolean };
  /** Every role; `grantable` when the viewer holds all its permissions. */
  roles: Array<{ id: string; name: string; grantable: boolean }>;
  /** Why the viewer may not change this user at all (their own row, a super-admin's), or null. */
  lockedReason: string | null;
  /** Why the viewer may not re-enable this user (they hold more than the viewer), or null. */
  enableBlockedReason: string | null;
  /** The viewer is a super-admin and this is someone else: offer "Reset 2FA". */
  canResetFactors?: boolean;
}

type Invited = { invitationSentTo: string; expiresAt: string };
type Change = { what: "status"; status: "active" | "disabled" } | { what: "roles"; roleIds: string[] } | { what: "invite" };

function send(userId: string, c: Change): Promise<unknown> {
  if (c.what === "status") return apiFetch(`/api/admin/users/${userId}/status`, { method: "POST", body: { status: c.status } });
  if (c.what === "roles") return apiFetch(`/api/admin/users/${userId}/roles`, { method: "PUT", body: { roleIds: c.roleIds } });
  return apiFetch<Invited>(`/api/admin/users/${userId}/invitation`, { method: "POST" });
}

export function UserRowActions({ user, roles, lockedReason, enableBlockedReason, canResetFactors = false }: UserRowActionsProps) {
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState<string[]>(user.roleIds);
  const [invited, setInvited] = useState<Invited | null>(null);
  const change = useApiMutation({
    mutationFn: (c: Change) => send(user.id, c),
    fallbackMessage: "The change could not be saved.",
    refresh: true,
    onSuccess: (r, c) => {
      if (c.what === "roles") setEditing(false);
      if (c.what === "invite") setInvited(r as Invited);
    },
  });
  const busy = change.variables?.what ?? null;
  const error = change.error;
  const toggleStatus = () => void change.submit({ what: "status", status: user.status === "active" ? "disabled" : "active" });
  const saveRoles = () => void change.submit({ what: "roles", roleIds: chosen });
  const resendInvitation = () => {
    setInvited(null);
    void change.submit({ what: "invite" });
  };

  if (lockedReason) return <p className="text-end text-xs text-slate-600">{lockedReason}</p>;
  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex flex-wrap justify-end gap-2">
        {user.invitationPending && user.status === "active" && (
          <Button
            size="sm"
            variant="secondary"
            loading={busy === "invite"}
            onClick={resendInvitation}
            aria-label={`Re-send the invitation of ${user.name}`}
          >
            Re-send invitation
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={() => setEditing(true)} aria-label={`Change roles of ${user.name}`}>
          Roles
        </Button>
        <Button
          size="sm"
          variant={user.status === "active" ? "danger" : "secondary"}
          loading={busy === "status"}
          onClick={toggleStatus}
          disabledReason={user.status !== "active" && enableBlockedReason ? enableBlockedReason : undefined}
          aria-label={`${user.status === "active" ? "Disable" : "Enable"} ${user.name}`}
        >
          {user.status === "active" ? "Disable" : "Enable"}
        </Button>
        {canResetFactors && <ResetFactorsButton user={user} />}
      </div>
      {invited && (
        <Alert tone="success">
          Invitation sent to <bdi dir="ltr">{invited.invitationSentTo}</bdi>; the link works until <LocalTime iso={invited.expiresAt} />.
        </Alert>
      )}
      {error && !editing && <Alert tone="error">{error}</Alert>}
      {editing && (
        <Dialog
          open
          onClose={() => setEditing(false)}
          busy={busy === "roles"}
          title={`Roles of ${user.name}`}
          description="Permissions change on the user's next request. You can give only roles whose permissions you hold yourself."
          footer={
            <>
              <Button variant="secondary" onClick={() => setEditing(false)} disabled={busy === "roles"}>
                Cancel
              </Button>
              <Button loading={busy === "roles"} onClick={saveRoles}>
                Save roles
              </Button>
            </>
          }
        >
          {error && (
            <Alert tone="error" className="mb-3">
              {error}
            </Alert>
          )}
          <fieldset>
            <legend className="sr-only">Roles</legend>
            <ul className="space-y-2">
              {roles.map((r) => {
                const locked = !r.grantable && !user.roleIds.includes(r.id);
                return (
                  <li key={r.id}>
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="size-4 accent-brand-600 disabled:opacity-50"
                        checked={chosen.includes(r.id)}
                        disabled={locked}
                        aria-describedby={locked ? `role-locked-${user.id}-${r.id}` : undefined}
                        onChange={(e) => setChosen(e.target.checked ? [...chosen, r.id] : chosen.filter((id) => id !== r.id))}
                      />
                      <span dir="auto" className={locked ? "text-slate-500" : undefined}>
                        {r.name}
                      </span>
                      {locked && (
                        <span id={`role-locked-${user.id}-${r.id}`} className="text-xs text-slate-600">
                          (it grants permissions you do not hold)
                        </span>
                      )}
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        </Dialog>
      )}
    </div>
  );
}

"use client";
// Per-user actions on the Users page: change roles, disable (after a confirmation that says what it does) / enable,
// re-send the invitation of a user who has not chosen a password yet, and (super-admins) reset 2FA. Only what the
// viewer may do is offered (the page says what: no controls on their own row or, unless they are a super-admin, on
// a super-admin's; roles they do not fully hold are shown disabled); the services refuse the rest anyway. The
// dialogs are loaded on demand, so the page's first load carries only these buttons.
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { apiFetch } from "@/lib/api-client";
import { useApiMutation } from "@/lib/use-api-mutation";

const loadDialogs = () => import("./user-dialogs");
const RolesDialog = lazy(() => loadDialogs().then((m) => ({ default: m.RolesDialog })));
const DisableUserDialog = lazy(() => loadDialogs().then((m) => ({ default: m.DisableUserDialog })));
const ResetFactorsDialog = lazy(() => loadDialogs().then((m) => ({ default: m.ResetFactorsDialog })));

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

type Open = "roles" | "disable" | "reset" | null;

export function UserRowActions({ user, roles, lockedReason, enableBlockedReason, canResetFactors = false }: UserRowActionsProps) {
  const t = useTranslations("users.row");
  const [open, setOpen] = useState<Open>(null);
  const [invited, setInvited] = useState<Invited | null>(null);
  const change = useApiMutation({
    mutationFn: (c: Change) => send(user.id, c),
    fallbackMessage: t("changeFailed"),
    refresh: true,
    onSuccess: (r, c) => {
      if (c.what === "roles" || c.what === "status") setOpen(null);
      if (c.what === "invite") setInvited(r as Invited);
    },
  });
  const busy = change.variables?.what ?? null;
  const error = change.error;
  const active = user.status === "active";
  const openDialog = (which: Open) => {
    change.reset();
    setOpen(which);
  };
  const close = () => {
    change.reset();
    setOpen(null);
  };
  const setStatus = (status: "active" | "disabled") => void change.submit({ what: "status", status });
  const resendInvitation = () => {
    setInvited(null);
    void change.submit({ what: "invite" });
  };

  if (lockedReason) return <p className="text-xs text-slate-600 sm:text-end">{lockedReason}</p>;
  return (
    <div className="flex flex-col items-start gap-2 sm:items-end">
      <div className="flex flex-wrap gap-2 sm:justify-end" onPointerEnter={() => void loadDialogs()}>
        {user.invitationPending && active && (
          <Button
            size="sm"
            variant="secondary"
            loading={busy === "invite"}
            onClick={resendInvitation}
            aria-label={t("resendInvitationOf", { name: user.name })}
          >
            {t("resendInvitation")}
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={() => openDialog("roles")} aria-label={t("changeRolesOf", { name: user.name })}>
          {t("roles")}
        </Button>
        <Button
          size="sm"
          // Not a red filled button on every row: the confirmation that follows says what disabling does, in red.
          variant="secondary"
          loading={!active && busy === "status"}
          onClick={() => (active ? openDialog("disable") : setStatus("active"))}
          disabledReason={!active && enableBlockedReason ? enableBlockedReason : undefined}
          aria-label={active ? t("disableName", { name: user.name }) : t("enableName", { name: user.name })}
        >
          {active ? t("disable") : t("enable")}
        </Button>
        {canResetFactors && (
          <Button size="sm" variant="ghost" onClick={() => setOpen("reset")} aria-label={t("resetFactorsOf", { name: user.name })}>
            {t("resetFactors")}
          </Button>
        )}
      </div>
      {invited && (
        <Alert tone="success">
          {t.rich("invitationSent", {
            email: () => <bdi dir="ltr">{invited.invitationSentTo}</bdi>,
            time: () => <LocalTime iso={invited.expiresAt} />,
          })}
        </Alert>
      )}
      {error && open === null && <Alert tone="error">{error}</Alert>}
      <Suspense fallback={null}>
        {open === "roles" && (
          <RolesDialog
            user={user}
            roles={roles}
            busy={busy === "roles"}
            error={error}
            onSave={(roleIds) => void change.submit({ what: "roles", roleIds })}
            onClose={close}
          />
        )}
        {open === "disable" && (
          <DisableUserDialog user={user} busy={busy === "status"} error={error} onConfirm={() => setStatus("disabled")} onClose={close} />
        )}
        {open === "reset" && <ResetFactorsDialog user={user} onClose={close} />}
      </Suspense>
    </div>
  );
}

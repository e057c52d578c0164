"use client";
// The Users page's per-row dialogs, loaded on demand by UserRowActions (the dialog primitive and these forms stay
// out of the page's first load): change roles, confirm disabling (with what it does to the person), reset 2FA.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { apiFetch } from "@/lib/api-client";
import { useApiMutation } from "@/lib/use-api-mutation";

type User = { id: string; name: string; email: string; roleIds: string[] };

export interface RolesDialogProps {
  user: User;
  roles: Array<{ id: string; name: string; grantable: boolean }>;
  busy: boolean;
  error: string | null;
  onSave: (roleIds: string[]) => void;
  onClose: () => void;
}

export function RolesDialog({ user, roles, busy, error, onSave, onClose }: RolesDialogProps) {
  const t = useTranslations("users.rolesDialog");
  const [chosen, setChosen] = useState<string[]>(user.roleIds);
  return (
    <Dialog
      open
      onClose={onClose}
      busy={busy}
      title={t("title", { name: user.name })}
      description={t("description")}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t("cancel")}
          </Button>
          <Button loading={busy} onClick={() => onSave(chosen)}>
            {t("save")}
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
        <legend className="sr-only">{t("legend")}</legend>
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
                      {t("notHeld")}
                    </span>
                  )}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
    </Dialog>
  );
}

export interface DisableUserDialogProps {
  user: User;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Disabling is disruptive (the person is thrown out mid-task): say what it does before doing it. */
export function DisableUserDialog({ user, busy, error, onConfirm, onClose }: DisableUserDialogProps) {
  const t = useTranslations("users.disableDialog");
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={t("title", { name: user.name })}
      subject={<bdi dir="ltr">{user.email}</bdi>}
      variant="danger"
      confirmLabel={t("confirm")}
      onConfirm={onConfirm}
      pending={busy}
      error={error}
    >
      <p>{t("body")}</p>
    </ConfirmDialog>
  );
}

/** Super-admins only: reset another user's second factors (lost phone); it ends their sessions too. */
export function ResetFactorsDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const t = useTranslations("users.resetDialog");
  const [done, setDone] = useState(false);
  const {
    submit,
    pending: busy,
    error,
  } = useApiMutation({
    mutationFn: () => apiFetch(`/api/admin/users/${user.id}/factors/reset`, { method: "POST" }),
    fallbackMessage: t("failed"),
    refresh: true,
    onSuccess: () => setDone(true),
  });
  return (
    <Dialog
      open
      onClose={onClose}
      busy={busy}
      size="sm"
      title={t("title", { name: user.name })}
      description={t("description")}
      footer={
        done ? (
          <Button onClick={onClose}>{t("close")}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {t("cancel")}
            </Button>
            <Button variant="danger" onClick={() => void submit()} loading={busy}>
              {t("reset")}
            </Button>
          </>
        )
      }
    >
      {error && <Alert tone="error">{error}</Alert>}
      {done && <Alert tone="success">{t("done", { name: user.name })}</Alert>}
    </Dialog>
  );
}

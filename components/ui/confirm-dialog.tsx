"use client";
// The one confirmation for irreversible or disruptive actions: a title naming the action, the consequence in a
// sentence (what happens, to what, and whether it can be undone), "Keep as is" and the action's own verb. The
// caller runs the request (usually through useApiMutation) and passes its `pending` and `error`; the dialog stays
// open on an error so the person sees why nothing happened.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Alert } from "./alert";
import { Button } from "./button";
import { Dialog } from "./dialog";

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Who or what is affected, under the title (a name, an order id). */
  subject?: ReactNode;
  /** The consequence, stated plainly. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  variant?: "primary" | "danger";
  onConfirm: () => void;
  pending?: boolean;
  error?: string | null;
}

export function ConfirmDialog({
  open,
  onClose,
  title,
  subject,
  children,
  confirmLabel,
  cancelLabel,
  variant = "primary",
  onConfirm,
  pending = false,
  error = null,
}: ConfirmDialogProps) {
  const t = useTranslations("ui");
  return (
    <Dialog
      open={open}
      onClose={onClose}
      busy={pending}
      size="sm"
      title={title}
      description={subject}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {cancelLabel ?? t("keepAsIs")}
          </Button>
          <Button variant={variant} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        {error && <Alert tone="error">{error}</Alert>}
        <div className="text-sm text-slate-700">{children}</div>
      </div>
    </Dialog>
  );
}

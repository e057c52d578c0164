"use client";
// The step-up dialog: this action needs a second factor presented in the last 5 minutes. A code from the app, a
// recovery code, or a passkey; POST /api/session/step-up (or the passkey routes) records it on the session.
import { useTranslations } from "next-intl";
import { Dialog } from "@/components/ui/dialog";
import { CodeFactorForm } from "./code-factor-form";
import { PasskeyButton } from "./passkey-button";

export function StepUpDialog({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const t = useTranslations("shell");
  return (
    <Dialog open onClose={onCancel} size="sm" title={t("stepUp.title")} description={t("stepUp.description")}>
      <PasskeyButton purpose="step_up" onDone={onDone} />
      <CodeFactorForm endpoint="/api/session/step-up" submitLabel={t("stepUp.confirm")} onDone={onDone} />
    </Dialog>
  );
}

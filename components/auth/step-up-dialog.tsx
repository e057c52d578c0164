"use client";
// The step-up dialog: this action needs a second factor presented in the last 5 minutes. A code from the app, a
// recovery code, or a passkey; POST /api/session/step-up (or the passkey routes) records it on the session.
import { Dialog } from "@/components/ui/dialog";
import { CodeFactorForm } from "./code-factor-form";
import { PasskeyButton } from "./passkey-button";

export function StepUpDialog({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  return (
    <Dialog
      open
      onClose={onCancel}
      size="sm"
      title="Confirm it is you"
      description="This action needs your second factor again: it was last checked a while ago."
    >
      <PasskeyButton purpose="step_up" onDone={onDone} />
      <CodeFactorForm endpoint="/api/session/step-up" submitLabel="Confirm" onDone={onDone} />
    </Dialog>
  );
}

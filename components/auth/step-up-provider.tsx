"use client";
// Registers the step-up handler of lib/api-client.ts for the dashboard: when an API call answers
// `step_up_required`, the step-up dialog (loaded on first use, to keep it out of every page's first load) asks for
// a code or a passkey, and the call is retried once it is presented.
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { setStepUpHandler } from "@/lib/api-client";

const StepUpDialog = lazy(() => import("./step-up-dialog").then((m) => ({ default: m.StepUpDialog })));

export function StepUpProvider() {
  const [open, setOpen] = useState(false);
  const pending = useRef<((ok: boolean) => void) | null>(null);

  useEffect(() => {
    setStepUpHandler(
      () =>
        new Promise<boolean>((resolve) => {
          pending.current?.(false);
          pending.current = resolve;
          setOpen(true);
        }),
    );
    return () => setStepUpHandler(null);
  }, []);

  const finish = (ok: boolean) => {
    setOpen(false);
    pending.current?.(ok);
    pending.current = null;
  };

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog onDone={() => finish(true)} onCancel={() => finish(false)} />
    </Suspense>
  );
}

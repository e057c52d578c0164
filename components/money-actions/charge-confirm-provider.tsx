"use client";
// Registers the large-charge confirmation of lib/api-client.ts for the dashboard: when a charge made without the
// customer present answers `confirmation_required`, this dialog shows the server's sentence ("You are about to
// charge SAR 25,000.00 to VISA •••• 1111 …") and the request is sent again only when the person presses "Charge it".
// Every charge form gets it, the way every sensitive action gets the step-up dialog; the dialog is loaded on first
// use, to keep it out of every page's first load.
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { setChargeConfirmHandler } from "@/lib/api-client";

const ChargeConfirmDialog = lazy(() => import("./charge-confirm-dialog").then((m) => ({ default: m.ChargeConfirmDialog })));

export function ChargeConfirmProvider() {
  const [message, setMessage] = useState<string | null>(null);
  const pending = useRef<((ok: boolean) => void) | null>(null);

  useEffect(() => {
    setChargeConfirmHandler(
      (text) =>
        new Promise<boolean>((resolve) => {
          pending.current?.(false);
          pending.current = resolve;
          setMessage(text);
        }),
    );
    return () => setChargeConfirmHandler(null);
  }, []);

  const finish = (ok: boolean) => {
    setMessage(null);
    pending.current?.(ok);
    pending.current = null;
  };

  if (message === null) return null;
  return (
    <Suspense fallback={null}>
      <ChargeConfirmDialog message={message} onDone={finish} />
    </Suspense>
  );
}

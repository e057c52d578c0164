"use client";
// "Charge now" on a recurring token, and the line that reports the last charge made from here. The interface is
// configuration (RECURRING_INTERFACE), never asked. The report's line is always there, empty until a charge, so
// the row's actions do not move when it fills (#13: no reflow after a charge). The dialog (and its form code) is
// loaded when the button is first pointed at, focused or pressed.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { ChargeNowProps, ChargeResult } from "./charge-now-dialog";

const load = () => import("./charge-now-dialog");
const ChargeNowDialog = lazy(() => load().then((m) => ({ default: m.ChargeNowDialog })));
const preload = () => void load().catch(() => undefined);

/** The button, the other actions of the row beside it (`children`), and the reserved report line under them. */
export function ChargeNow({ children, ...p }: ChargeNowProps & { children?: ReactNode }) {
  const t = useTranslations("recurring.chargeNow");
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<ChargeResult | null>(null);
  return (
    <div className="max-w-72 space-y-1.5">
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="secondary" onPointerEnter={preload} onFocus={preload} onClick={() => setOpen(true)}>
          {t("button")}
        </Button>
        {children}
      </div>
      {/* relative: the sr-only text inside stays in this box (not placed against the page, widening it on a phone). */}
      <p role="status" className="relative min-h-8 text-xs text-slate-700">
        {result && (
          <>
            {result.message}{" "}
            <Link className="underline" href={`/transactions/${result.paymentId}`}>
              {t.rich("open", { sr: (c) => <span className="sr-only">{c}</span> })}
            </Link>
          </>
        )}
      </p>
      {open && (
        <Suspense fallback={null}>
          <ChargeNowDialog
            {...p}
            onClose={() => setOpen(false)}
            onDone={(r) => {
              setOpen(false);
              setResult(r);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

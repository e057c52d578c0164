"use client";
// The money dialogs' keyboard rule, said where it applies: Enter alone does nothing, Ctrl+Enter (⌘+Enter on a
// Mac) submits from any field (lib/forms/guard-enter.ts). Rendered only inside an opened dialog, so reading the
// platform here never differs between server and browser.
import { useTranslations } from "next-intl";
import { submitShortcut } from "@/lib/schemas/payment-actions-values";

export function SubmitHint() {
  const t = useTranslations("moneyActions");
  const keys = submitShortcut(typeof navigator === "undefined" ? "" : navigator.userAgent);
  return (
    <p className="text-xs text-slate-600" data-testid="submit-hint">
      {t.rich("submitHint", {
        keys,
        k: (c) => (
          <kbd dir="ltr" className="rounded border border-slate-300 bg-slate-50 px-1 font-sans">
            {c}
          </kbd>
        ),
      })}
    </p>
  );
}

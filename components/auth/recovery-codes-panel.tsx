"use client";
// The recovery codes, shown once (after enrolment or regeneration): copy, download as a text file, and an explicit
// "I have saved them" before going on.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

export function RecoveryCodesPanel({ codes, onDone, doneLabel }: { codes: string[]; onDone: () => void; doneLabel?: string }) {
  const t = useTranslations("auth");
  const [saved, setSaved] = useState(false);
  const text = codes.join("\n");
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${t("recovery.fileHeader")}\n\n${text}\n`], { type: "text/plain" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "recovery-codes.txt";
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };
  return (
    <section aria-labelledby="recovery-codes-heading" className="mt-4 space-y-3">
      <h2 id="recovery-codes-heading" className="text-base font-semibold">
        {t("recovery.heading")}
      </h2>
      <p className="text-sm text-slate-600">{t("recovery.intro")}</p>
      <ol
        aria-label={t("recovery.listLabel")}
        className="grid grid-cols-[repeat(auto-fill,minmax(20ch,1fr))] gap-x-4 gap-y-1 rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-sm"
        data-testid="recovery-codes"
      >
        {codes.map((c) => (
          <li key={c}>
            {/* A code is copied by eye: it never breaks across lines (the grid makes fewer columns instead). */}
            <bdi dir="ltr" className="whitespace-nowrap">
              {c}
            </bdi>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={text} label={t("recovery.copyLabel")} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm">
          {t("recovery.copy")}
        </CopyButton>
        <Button variant="secondary" size="sm" onClick={download}>
          {t("recovery.download")}
        </Button>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} className="size-4" />
        {t("recovery.saved")}
      </label>
      <Button className="w-full" disabled={!saved} onClick={onDone}>
        {doneLabel ?? t("recovery.continue")}
      </Button>
    </section>
  );
}

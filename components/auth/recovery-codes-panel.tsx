"use client";
// The recovery codes, shown once (after enrolment or regeneration): copy, download as a text file, and an explicit
// "I have saved them" before going on.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

export function RecoveryCodesPanel({ codes, onDone, doneLabel = "Continue" }: { codes: string[]; onDone: () => void; doneLabel?: string }) {
  const [saved, setSaved] = useState(false);
  const text = codes.join("\n");
  const download = () => {
    const url = URL.createObjectURL(new Blob([`Merchant dashboard recovery codes (each works once)\n\n${text}\n`], { type: "text/plain" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "recovery-codes.txt";
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };
  return (
    <section aria-labelledby="recovery-codes-heading" className="mt-4 space-y-3">
      <h2 id="recovery-codes-heading" className="text-base font-semibold">
        Save your recovery codes
      </h2>
      <p className="text-sm text-slate-600">
        If you lose your phone, each of these codes signs you in once instead of a code from the app. They are shown only now.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-sm"
        data-testid="recovery-codes"
      >
        {codes.map((c) => (
          <li key={c}>
            <bdi dir="ltr">{c}</bdi>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={text} label="Copy the recovery codes" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm">
          Copy
        </CopyButton>
        <Button variant="secondary" size="sm" onClick={download}>
          Download
        </Button>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} className="size-4" />I have saved them
      </label>
      <Button className="w-full" disabled={!saved} onClick={onDone}>
        {doneLabel}
      </Button>
    </section>
  );
}

// An entry's summary: the sentence people read ("Refund of SAR 2,000.00 approved for order ORD-1"), with amounts,
// ids and e-mails kept left-to-right, and the raw JSON behind a native <details> toggle (no JavaScript).
import { useTranslations } from "next-intl";
import type { Sentence } from "@/server/services/admin/audit/sentences";

export function SummaryCell({ sentence, summary }: { sentence: Sentence; summary: unknown }) {
  const t = useTranslations("audit.table");
  const hasJson = JSON.stringify(summary ?? {}) !== "{}";
  return (
    // The column people read: never squeezed below a readable width, and a long address or id in the sentence breaks
    // inside the cell rather than widening the table past the screen's edge.
    <div className="max-w-md sm:min-w-56">
      <p dir="auto" className="text-sm wrap-anywhere text-slate-800">
        {sentence.map((part, i) =>
          typeof part === "string" ? (
            part
          ) : (
            <bdi key={i} dir="ltr" className="font-medium">
              {part.ltr}
            </bdi>
          ),
        )}
      </p>
      {hasJson && (
        <details className="mt-1">
          <summary className="cursor-pointer text-xs text-slate-600 hover:text-slate-900">{t("rawJson")}</summary>
          <pre
            dir="ltr"
            className="mt-1 max-h-64 overflow-auto rounded-sm bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap break-all text-slate-800"
          >
            {JSON.stringify(summary, null, 2)}
          </pre>
        </details>
      )}
    </div>
  );
}

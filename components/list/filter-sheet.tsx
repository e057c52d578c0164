// A list's filter form on a phone: folded behind a "Filters (n)" button that opens it in place (a <details>
// disclosure: no JavaScript, keyboard and screen readers know it), so the first result shows without scrolling.
// From the md breakpoint up the button is hidden and the form is always shown (::details-content made visible).
//
// How to use: wrap the form, pass how many filters are set; open it when the form has errors to show (only the
// first render decides: later renders leave it as the user left it).
//   <FilterSheet activeCount={n} open={hasErrors}><form …>…</form></FilterSheet>
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Disclosure } from "./disclosure";

export function FilterSheet({ activeCount, open = false, children }: { activeCount: number; open?: boolean; children: ReactNode }) {
  const t = useTranslations("vocab.list");
  return (
    <Disclosure
      initialOpen={open}
      className="group md:details-content:[content-visibility:visible] md:details-content:block"
      data-filter-sheet=""
    >
      <summary className="inline-flex min-h-10 cursor-pointer list-none items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 shadow-xs select-none md:hidden [&::-webkit-details-marker]:hidden">
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 text-slate-500">
          <path d="M3 5h14v2H3V5Zm3 4h8v2H6V9Zm2 4h4v2H8v-2Z" />
        </svg>
        {t("filters")}
        {activeCount > 0 && (
          <span className="rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white tabular-nums">
            {activeCount}
            <span className="sr-only">{t("active")}</span>
          </span>
        )}
        <span aria-hidden="true" className="text-slate-500 group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="mt-3 md:mt-0">{children}</div>
    </Disclosure>
  );
}

// The header's search box, on every signed-in page: a plain GET form to /search (the full results page), rendered on
// the server. Its only script is SearchEnhancer (search-enhancer.tsx): Ctrl+K (⌘K) focuses the box from anywhere,
// and the live results popup (search-popup.tsx) is loaded on the box's first focus. Neither the markup nor the
// popup is part of a page's first-load JavaScript, which keeps every page inside its budget.
import { useTranslations } from "next-intl";
import { SEARCH_INPUT_ID } from "./ids";
import { SearchEnhancer } from "./search-enhancer";

export function HeaderSearch({ canViewPayments }: { canViewPayments: boolean }) {
  const t = useTranslations("shell.search");
  return (
    <form role="search" action="/search" method="get" aria-label={t("boxLabel")} className="min-w-0 flex-1 sm:relative sm:max-w-md">
      {/* "Search everywhere", not "Search": a page's own search box (Transactions, Customers) is named "Search". */}
      <label htmlFor={SEARCH_INPUT_ID} className="sr-only">
        {t("boxLabel")}
      </label>
      <input
        id={SEARCH_INPUT_ID}
        name="q"
        type="search"
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        placeholder={t("placeholder")}
        aria-describedby={`${SEARCH_INPUT_ID}-hint`}
        className="h-9 w-full rounded-md border border-slate-300 bg-slate-50 ps-3 pe-14 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:bg-white focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
      />
      <kbd
        aria-hidden="true"
        className="pointer-events-none absolute end-2 top-1/2 hidden -translate-y-1/2 rounded border border-slate-300 bg-white px-1.5 text-[11px] font-medium text-slate-600 sm:block"
      >
        {t("shortcut")}
      </kbd>
      <span id={`${SEARCH_INPUT_ID}-hint`} className="sr-only">
        {t("shortcutHint")}
      </span>
      <SearchEnhancer canViewPayments={canViewPayments} />
    </form>
  );
}

"use client";
// The header's search box, on every signed-in page. Without JavaScript it is a plain GET form to /search (the full
// results page). With it, Ctrl+K (⌘K) focuses it from anywhere, and the live results popup (search-popup.tsx) is
// loaded the first time the box is focused: its code is not part of any page's first load, which keeps every
// page inside its JavaScript budget.
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type ComponentType } from "react";
import type { SearchPopupProps } from "./search-popup";

export const SEARCH_INPUT_ID = "site-search";

export function HeaderSearch({ canViewPayments }: { canViewPayments: boolean }) {
  const t = useTranslations("shell.search");
  const input = useRef<HTMLInputElement>(null);
  const [Popup, setPopup] = useState<ComponentType<SearchPopupProps> | null>(null);

  const load = () => {
    if (!Popup) void import("./search-popup").then((m) => setPopup(() => m.SearchPopup));
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "k") {
        e.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <form role="search" action="/search" method="get" aria-label={t("label")} className="min-w-0 flex-1 sm:relative sm:max-w-md">
      <label htmlFor={SEARCH_INPUT_ID} className="sr-only">
        {t("label")}
      </label>
      <input
        ref={input}
        id={SEARCH_INPUT_ID}
        name="q"
        type="search"
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        placeholder={t("placeholder")}
        aria-describedby={`${SEARCH_INPUT_ID}-hint`}
        onFocus={load}
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
      {Popup && <Popup input={input} canViewPayments={canViewPayments} />}
    </form>
  );
}

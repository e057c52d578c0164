"use client";
// The live results under the header's search box (ARIA combobox with a listbox popup): results grouped by area as
// the person types (150 ms after the last key), ↑/↓ move through them and the last option ("See all results"),
// Enter opens the one chosen (or, with none chosen, the form goes to the search page, which also links each group's
// full list), Escape closes the list and
// a second Escape empties the box. Focus never leaves the box (aria-activedescendant), so typing goes on while the
// results change. Loaded on the box's first focus (search-enhancer.tsx), never with a page.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useLayoutEffect, useState } from "react";
import { apiFetch } from "@/lib/api-client";
import { SEARCH_MIN_LENGTH } from "@/lib/search/everywhere";
import { flattenHits, hitHref, hitKey, SEARCH_GROUPS, type AnyHit } from "@/lib/search/result-href";
import type { SearchResults } from "@/lib/search/results";
import { cx } from "@/components/ui/cx";
import { HitContent } from "./hit-content";
import { searchBox } from "./ids";

export interface SearchPopupProps {
  canViewPayments: boolean;
}

const DEBOUNCE_MS = 150;

export function SearchPopup({ canViewPayments }: SearchPopupProps) {
  const [box] = useState(searchBox);
  const t = useTranslations("shell.search");
  const router = useRouter();
  const listId = useId();
  const [text, setText] = useState(() => box?.value ?? "");
  const [asked, setAsked] = useState(text);
  const [open, setOpen] = useState(true);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const id = setTimeout(() => setAsked(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [text]);

  const long = asked.length >= SEARCH_MIN_LENGTH;
  const { data, isFetching, isError } = useQuery({
    queryKey: ["search", asked],
    queryFn: ({ signal }) => apiFetch<SearchResults>(`/api/search?q=${encodeURIComponent(asked)}`, { signal }),
    enabled: long,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
  const results = long ? data : undefined;
  const hits = results ? flattenHits(results) : [];
  // The last option: the search page with every group, reachable by keyboard like the rest.
  const options = long ? hits.length + 1 : 0;
  const visible = open && text.trim().length > 0;
  const optionId = (i: number) => `${listId}-o${i}`;

  const go = (href: string) => {
    setOpen(false);
    router.push(href);
  };
  const hrefOf = (i: number) => (i < hits.length ? hitHref(hits[i]!, canViewPayments) : `/search?q=${encodeURIComponent(asked)}`);

  // The box is the combobox: its ARIA state follows the popup's.
  useEffect(() => {
    const el = box;
    if (!el) return;
    el.setAttribute("role", "combobox");
    el.setAttribute("aria-autocomplete", "list");
    el.setAttribute("aria-controls", listId);
    el.setAttribute("aria-expanded", String(visible && long));
    if (visible && active >= 0 && active < options) el.setAttribute("aria-activedescendant", optionId(active));
    else el.removeAttribute("aria-activedescendant");
  });

  // A layout effect: attached in the same task as the render, so no keystroke falls between the two.
  useLayoutEffect(() => {
    const el = box;
    if (!el) return;
    const onInput = () => {
      setText(el.value);
      setOpen(true);
      setActive(-1);
    };
    // What was typed while this code loaded (or before a render that read the box) is searched too: a quick
    // typist's second letter was lost when the text was copied from input events only.
    if (el.value !== text) onInput();
    const onFocus = () => setOpen(true);
    const onBlur = () => setOpen(false);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        if (!options) return;
        e.preventDefault();
        setOpen(true);
        const step = e.key === "ArrowDown" ? 1 : -1;
        setActive((a) => (a < 0 && step < 0 ? options - 1 : (a + step + options) % options));
      } else if (e.key === "Enter" && visible && active >= 0 && active < options) {
        e.preventDefault();
        go(hrefOf(active));
      } else if (e.key === "Escape") {
        if (visible) {
          e.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (el.value) {
          e.preventDefault();
          el.value = "";
          setText("");
        }
      }
    };
    el.addEventListener("input", onInput);
    el.addEventListener("focus", onFocus);
    el.addEventListener("blur", onBlur);
    el.addEventListener("keydown", onKey);
    return () => {
      el.removeEventListener("input", onInput);
      el.removeEventListener("focus", onFocus);
      el.removeEventListener("blur", onBlur);
      el.removeEventListener("keydown", onKey);
    };
  });

  const status = !long
    ? t("tooShort")
    : isError
      ? t("failed")
      : !results
        ? t("searching")
        : hits.length === 0
          ? t("noResults", { text: asked })
          : t("resultCount", { count: hits.length });

  const option = (h: AnyHit) => {
    const i = hits.indexOf(h);
    return (
      <li
        key={hitKey(h)}
        id={optionId(i)}
        role="option"
        aria-selected={i === active}
        // The box keeps the focus: a pointer press must not blur it before the click opens the result.
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => go(hrefOf(i))}
        onMouseMove={() => setActive(i)}
        className={cx("flex cursor-pointer flex-col gap-0.5 px-3 py-2", i === active && "bg-brand-50")}
      >
        <HitContent h={h} />
      </li>
    );
  };

  return (
    <>
      <p className="sr-only" aria-live="polite">
        {visible ? status : ""}
      </p>
      {visible && (
        <div
          onMouseDown={(e) => e.preventDefault()}
          // On a phone the list spans the header (its positioned ancestor) under the box; from sm up it hangs from the box.
          className="absolute inset-x-2 top-full z-40 mt-1 max-h-[70dvh] overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-start shadow-lg sm:inset-x-0 sm:min-w-[26rem]"
        >
          {(!long || !results || hits.length === 0 || isError) && (
            <p className={cx("px-3 py-2 text-sm", isError ? "text-red-700" : "text-slate-600")}>
              {status}
              {isFetching && results && "…"}
            </p>
          )}
          <ul id={listId} role="listbox" aria-label={t("boxLabel")} className={cx(!long && "hidden")}>
            {SEARCH_GROUPS.map((g) => {
              const inGroup = hits.filter((h) => h.group === g);
              if (!inGroup.length) return null;
              return (
                <li key={g} role="presentation">
                  <p aria-hidden="true" className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                    {t(`groups.${g}`)}
                  </p>
                  <ul role="group" aria-label={t(`groups.${g}`)}>
                    {inGroup.map(option)}
                  </ul>
                </li>
              );
            })}
            {long && (
              <li
                id={optionId(hits.length)}
                role="option"
                aria-selected={active === hits.length}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => go(hrefOf(hits.length))}
                onMouseMove={() => setActive(hits.length)}
                className={cx(
                  "mt-1 cursor-pointer border-t border-slate-100 px-3 py-2 text-sm font-medium text-brand-700",
                  active === hits.length && "bg-brand-50",
                )}
              >
                {t("seeAll", { text: asked })}
              </li>
            )}
          </ul>
        </div>
      )}
    </>
  );
}

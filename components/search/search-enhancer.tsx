"use client";
// The header search's one script on every page: Ctrl+K (⌘K) focuses the box, and its first focus loads the live
// results popup. Kept this small on purpose: it is part of every page's first-load JavaScript.
import { useEffect, useState, type ComponentType } from "react";
import { searchBox } from "./ids";
import type { SearchPopupProps } from "./search-popup";

export function SearchEnhancer({ canViewPayments }: SearchPopupProps) {
  const [Popup, setPopup] = useState<ComponentType<SearchPopupProps> | null>(null);
  useEffect(() => {
    const box = searchBox();
    const load = () => void import("./search-popup").then((m) => setPopup(() => m.SearchPopup));
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "k") {
        e.preventDefault();
        box?.focus();
        box?.select();
      }
    };
    addEventListener("keydown", onKey);
    // Focused before this script ran (a quick click while the page loaded): load at once.
    if (box && document.activeElement === box) load();
    else box?.addEventListener("focus", load, { once: true });
    return () => {
      removeEventListener("keydown", onKey);
      box?.removeEventListener("focus", load);
    };
  }, []);
  return Popup && <Popup canViewPayments={canViewPayments} />;
}

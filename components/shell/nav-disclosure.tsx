"use client";
// Below lg the sidebar is a disclosure: a "Menu" button (aria-expanded, aria-controls) shows or hides it.
// At lg and up it is always shown by CSS, whatever the state. The nav's content stays server-rendered:
// these components only hold the open state around it.
import { createContext, use, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { useTranslations } from "next-intl";
import { cx } from "@/components/ui/cx";

interface NavState {
  open: boolean;
  setOpen: (open: boolean) => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
}

const NavContext = createContext<NavState | null>(null);

export function NavDisclosure({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  return <NavContext value={{ open, setOpen, toggleRef }}>{children}</NavContext>;
}

/** Closes the menu (after following a link); a no-op outside NavDisclosure. */
export function useCloseNav(): () => void {
  const state = use(NavContext);
  return () => state?.setOpen(false);
}

export function MenuToggle({ controls }: { controls: string }) {
  const t = useTranslations("shell");
  const state = use(NavContext);
  const open = state?.open ?? false;
  return (
    <button
      ref={state?.toggleRef}
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => state?.setOpen(!open)}
      className="-ms-1.5 inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 lg:hidden"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        className="size-5"
      >
        {open ? <path d="M5 5l10 10M15 5 5 15" /> : <path d="M3.5 5.5h13M3.5 10h13M3.5 14.5h13" />}
      </svg>
      {/* On a phone the header's search box needs the width: the icon alone, still named "Menu". */}
      <span className="sr-only sm:not-sr-only">{t("menu")}</span>
    </button>
  );
}

/**
 * Below lg, when open, the panel covers the page from the header's bottom edge down (so it is visible wherever
 * the page is scrolled), and it closes when focus moves on to something outside it. At lg it is the sidebar.
 */
export function SidebarPanel({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  const state = use(NavContext);
  const open = state?.open ?? false;
  const toggleRef = state?.toggleRef;
  const panelRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const panel = panelRef.current;
    const header = toggleRef?.current?.closest("header");
    if (!open || !panel || !header) return;
    const place = () => {
      panel.style.top = `${Math.max(0, header.getBoundingClientRect().bottom)}px`;
    };
    place();
    window.addEventListener("scroll", place, { passive: true });
    window.addEventListener("resize", place);
    return () => {
      window.removeEventListener("scroll", place);
      window.removeEventListener("resize", place);
      panel.style.top = "";
    };
  }, [open, toggleRef]);

  return (
    <div
      ref={panelRef}
      id={id}
      onBlur={(e) => {
        const next = e.relatedTarget as Node | null;
        // null: a click on empty space or the window losing focus, not leaving the menu.
        if (open && next && !e.currentTarget.contains(next) && next !== toggleRef?.current) state?.setOpen(false);
      }}
      className={cx(
        open
          ? "max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:z-20 max-lg:overflow-y-auto max-lg:overscroll-contain max-lg:shadow-lg"
          : "max-lg:hidden",
        className,
      )}
    >
      {children}
    </div>
  );
}

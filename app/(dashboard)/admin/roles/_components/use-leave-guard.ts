"use client";
// Asks before leaving a form with unsaved changes, at the cost of two event listeners and no dependency: the
// browser's own prompt on reload, close or a typed address (beforeunload), and a native confirm on a click of
// any same-window link. The click listener runs in the capture phase on the document, before React's listeners at
// the root, so a refused navigation never reaches next/link's handler (which would route without asking).
import { useEffect } from "react";

/** A plain left click on a link that would take this window elsewhere (not a new tab, a download or a hash). */
function leavingLink(e: MouseEvent): HTMLAnchorElement | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const a = e.target instanceof Element ? e.target.closest("a[href]") : null;
  if (!(a instanceof HTMLAnchorElement) || (a.target && a.target !== "_self") || a.hasAttribute("download")) return null;
  const to = new URL(a.href, location.href);
  const same = to.origin === location.origin && to.pathname === location.pathname && to.search === location.search;
  return same ? null : a;
}

/** `message`: the question asked before leaving by a link (the form passes it in the reader's language). */
export function useLeaveGuard(dirty: boolean, message: string) {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = "";
    };
    const onClick = (e: MouseEvent) => {
      if (!leavingLink(e) || window.confirm(message)) return;
      e.preventDefault();
      e.stopPropagation();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [dirty, message]);
}

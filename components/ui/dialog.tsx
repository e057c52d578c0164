"use client";
// Modal dialog on the native <dialog> with showModal(): the rest of the page becomes inert (focus stays inside),
// Escape closes unless `busy`, and focus returns to the element that opened it. Controlled by `open`.
// Content is mounted only while open, so each opening starts with fresh form state (and a fresh idempotency key).
import { useTranslations } from "next-intl";
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from "react";
import { cx } from "./cx";

export interface DialogProps {
  open: boolean;
  /** Called when the user asks to close (Escape, the close button); the parent sets `open` to false. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Actions, end-aligned. A submit button here needs `form="<form id>"` when the form is in children. */
  footer?: ReactNode;
  /** A request is in flight: Escape and the close button do nothing. */
  busy?: boolean;
  size?: "sm" | "md" | "lg";
  /** Accessible name of the × button. */
  closeLabel?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.getClientRects().length > 0);
}

const SIZES = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl" } as const;

export function Dialog({ open, onClose, title, description, children, footer, busy = false, size = "md", closeLabel }: DialogProps) {
  const t = useTranslations("ui");
  const ref = useRef<HTMLDialogElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // Mirrors of the latest props for the native event handlers, updated after each render.
  const latest = useRef({ open, busy, onClose });
  useEffect(() => {
    latest.current = { open, busy, onClose };
  });
  const titleId = useId();
  const descriptionId = useId();

  // Layout effect: opening and closing happen in the same frame as the content (un)mounting, with no flash.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // Initial focus: an element marked data-autofocus, otherwise the browser's choice (first focusable).
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // While busy: Escape must not close. Cancelling the keydown stops the close request entirely (a second
  // Escape without user activation would otherwise close without a cancel event). Listened on the window because
  // focus may be on <body> after the pressed button became disabled.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && latest.current.busy) e.preventDefault();
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [open]);

  // A button that turns disabled (loading) drops focus to <body>; keep it inside the dialog.
  useEffect(() => {
    const panel = panelRef.current;
    if (open && busy && panel && !panel.contains(document.activeElement)) panel.focus({ preventScroll: true });
  }, [open, busy]);

  // Return focus on close, and if the dialog unmounts while open.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const restore = () => {
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) target.focus();
    };
    const onNativeClose = () => {
      if (dialog.open) return; // the close event is queued; the dialog may already be open again
      restore();
      // Closed by the browser itself (e.g. a repeated Escape): tell the parent so its state follows.
      if (latest.current.open) latest.current.onClose();
    };
    dialog.addEventListener("close", onNativeClose);
    return () => {
      dialog.removeEventListener("close", onNativeClose);
      // Real unmount (node already removed): the browser dropped focus, put it back. A StrictMode re-run keeps
      // the node connected and the dialog open, so nothing is done.
      if (!dialog.isConnected) restore();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      aria-busy={busy || undefined}
      onKeyDown={(e) => {
        // Keep Tab cycling inside the dialog instead of leaving for the browser's toolbar.
        if (e.key !== "Tab") return;
        const items = focusables(e.currentTarget);
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) return;
        if (e.shiftKey && (document.activeElement === first || !e.currentTarget.contains(document.activeElement))) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }}
      onCancel={(e) => {
        // Escape: the parent decides (keeps `open` the single source of truth).
        e.preventDefault();
        if (!latest.current.busy) latest.current.onClose();
      }}
      className={cx(
        "m-auto w-[calc(100%-2rem)] overflow-visible rounded-md border border-slate-200 bg-white p-0 text-slate-900 shadow-xl",
        "backdrop:bg-slate-900/40",
        SIZES[size],
      )}
    >
      {open && (
        <div ref={panelRef} tabIndex={-1} className="relative flex max-h-[calc(100dvh-2rem)] flex-col outline-none">
          <div className="border-b border-slate-200 py-4 ps-5 pe-12">
            <h2 id={titleId} className="text-base font-semibold">
              {title}
            </h2>
            {description && (
              <div id={descriptionId} className="mt-1 text-sm text-slate-600">
                {description}
              </div>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4 text-sm">{children}</div>
          {footer && (
            <div className="flex flex-wrap items-center justify-end gap-2 rounded-b-md border-t border-slate-200 bg-slate-50 px-5 py-3">
              {footer}
            </div>
          )}
          {/* Last in the DOM so the first field, not the ×, gets initial focus; placed top-end visually. */}
          <button
            type="button"
            aria-label={closeLabel ?? t("close")}
            disabled={busy}
            onClick={onClose}
            className="absolute end-3 top-3 inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-50"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
              <path d="M5.28 4.22a.75.75 0 0 0-1.06 1.06L8.94 10l-4.72 4.72a.75.75 0 1 0 1.06 1.06L10 11.06l4.72 4.72a.75.75 0 1 0 1.06-1.06L11.06 10l4.72-4.72a.75.75 0 0 0-1.06-1.06L10 8.94 5.28 4.22Z" />
            </svg>
          </button>
        </div>
      )}
    </dialog>
  );
}

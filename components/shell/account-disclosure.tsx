"use client";
// The account button's behaviour (disclosure pattern, not an ARIA menu, so Tab works as usual): opens and closes its
// panel, closes it on Escape (focus back on the button), on a press outside, on tabbing out and on following a link
// in it. The button's face and the panel's contents are rendered on the server (user-menu.tsx): only this behaviour
// is JavaScript, on every page.
import { useEffect, useId, useRef, useState, type ReactNode } from "react";

export function AccountDisclosure({ face, children }: { face: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div
      ref={rootRef}
      className="relative"
      onBlur={(e) => {
        // Tabbing out of the panel closes it.
        if (open && !rootRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="flex max-w-64 items-center gap-2 rounded-md py-1 ps-1 pe-2 text-start hover:bg-slate-100"
      >
        {face}
      </button>
      <div
        id={panelId}
        hidden={!open}
        // A link followed from the panel (Change password) leaves it closed behind.
        onClick={(e) => (e.target as Element).closest("a") && setOpen(false)}
        className="absolute end-0 top-full z-40 mt-1.5 w-64 rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
      >
        {children}
      </div>
    </div>
  );
}

"use client";
// Copies a value (an id, a payment link) and says so: the icon turns into a check and a polite live region
// announces "Copied". Falls back to execCommand where the Clipboard API is unavailable (plain-HTTP LAN hosts).
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { cx } from "./cx";

export interface CopyButtonProps {
  value: string;
  /** Accessible name, e.g. "Copy transaction ID". */
  label?: string;
  /** Visible text next to the icon; icon-only when omitted. */
  children?: React.ReactNode;
  className?: string;
}

type Status = "idle" | "copied" | "failed";

async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy path
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export function CopyButton({ value, label: labelProp, children, className }: CopyButtonProps) {
  const t = useTranslations("ui");
  const label = labelProp ?? t("copy.label");
  const [status, setStatus] = useState<Status>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    const ok = await writeClipboard(value);
    setStatus(ok ? "copied" : "failed");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setStatus("idle"), 2000);
  }

  return (
    <span className="inline-flex items-center">
      <button
        type="button"
        onClick={copy}
        aria-label={children ? undefined : label}
        title={label}
        className={cx(
          "inline-flex items-center gap-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900",
          status === "copied" && "text-emerald-700 hover:text-emerald-700",
          className,
        )}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" className="size-4">
          {status === "copied" ? (
            <path d="m4.5 10.5 3.5 3.5 7.5-8" strokeLinecap="round" strokeLinejoin="round" />
          ) : (
            <path d="M7 7V4.5A1.5 1.5 0 0 1 8.5 3h7A1.5 1.5 0 0 1 17 4.5v7a1.5 1.5 0 0 1-1.5 1.5H13M4.5 7h7A1.5 1.5 0 0 1 13 8.5v7a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 3 15.5v-7A1.5 1.5 0 0 1 4.5 7Z" />
          )}
        </svg>
        {children && <span className="text-sm">{children}</span>}
      </button>
      {/* Always rendered so screen readers register the live region before it changes. */}
      <span role="status" aria-live="polite" className="sr-only">
        {status === "copied" ? t("copy.copied") : status === "failed" ? t("copy.failed") : ""}
      </span>
    </span>
  );
}

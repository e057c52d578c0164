// A short status label. Colour is never the only signal: the text says the status.
import type { ReactNode } from "react";
import type { BadgeTone } from "@/lib/tone";
import { cx } from "./cx";

const TONES: Record<BadgeTone, { badge: string; dot: string }> = {
  neutral: { badge: "bg-slate-100 text-slate-700 ring-slate-500/20", dot: "bg-slate-500" },
  success: { badge: "bg-emerald-50 text-emerald-800 ring-emerald-600/25", dot: "bg-emerald-600" },
  warning: { badge: "bg-amber-50 text-amber-800 ring-amber-600/30", dot: "bg-amber-500" },
  danger: { badge: "bg-red-50 text-red-800 ring-red-600/25", dot: "bg-red-600" },
  info: { badge: "bg-brand-50 text-brand-700 ring-brand-600/25", dot: "bg-brand-600" },
};

export interface BadgeProps {
  tone?: BadgeTone;
  /** A leading coloured dot (decorative). */
  dot?: boolean;
  className?: string;
  children: ReactNode;
}

export function Badge({ tone = "neutral", dot = false, className, children }: BadgeProps) {
  const t = TONES[tone];
  return (
    <span
      className={cx(
        "inline-flex items-center gap-1.5 rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        t.badge,
        className,
      )}
    >
      {dot && <span aria-hidden="true" className={cx("size-1.5 rounded-full", t.dot)} />}
      {children}
    </span>
  );
}

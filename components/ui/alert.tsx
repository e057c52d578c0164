// An inline message. Errors use role="alert" (announced at once); the other tones role="status" (polite).
import type { ReactNode } from "react";
import { cx } from "./cx";

export type AlertTone = "info" | "success" | "warning" | "error";

const TONES: Record<AlertTone, { box: string; icon: string; path: string }> = {
  info: {
    box: "border-brand-100 bg-brand-50 text-brand-900",
    icon: "text-brand-600",
    path: "M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm.75 12.5h-1.5V9h1.5v5.5Zm0-7h-1.5V6h1.5v1.5Z",
  },
  success: {
    box: "border-emerald-200 bg-emerald-50 text-emerald-900",
    icon: "text-emerald-600",
    path: "M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-1 11.56L5.72 10.3l1.06-1.06L9 11.44l4.22-4.22 1.06 1.06L9 13.56Z",
  },
  warning: {
    box: "border-amber-200 bg-amber-50 text-amber-900",
    icon: "text-amber-600",
    path: "M10 2.5 1.5 17h17L10 2.5Zm.75 12h-1.5V13h1.5v1.5Zm0-3h-1.5V7.5h1.5v4Z",
  },
  error: {
    box: "border-red-200 bg-red-50 text-red-900",
    icon: "text-red-600",
    path: "M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.75 4h1.5v5h-1.5V6Zm0 6.5h1.5V14h-1.5v-1.5Z",
  },
};

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  /** A button or link at the end (e.g. "Retry"). */
  action?: ReactNode;
  className?: string;
  children?: ReactNode;
}

export function Alert({ tone = "info", title, action, className, children }: AlertProps) {
  const t = TONES[tone];
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cx("flex items-start gap-3 rounded-md border px-4 py-3 text-sm", t.box, className)}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={cx("mt-0.5 size-4 shrink-0", t.icon)}>
        <path fillRule="evenodd" d={t.path} />
      </svg>
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={title ? "mt-0.5" : undefined}>{children}</div>}
      </div>
      {action && <div className="shrink-0">{action}</div>}
    </div>
  );
}

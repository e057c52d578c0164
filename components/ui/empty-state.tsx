// What a list or panel shows when there is nothing in it: say why, and offer the next step.
import type { ReactNode } from "react";
import { cx } from "./cx";

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** Next step, e.g. a "Clear filters" link or a "New payment" button. */
  action?: ReactNode;
  /** A small decorative icon; a neutral default is drawn when omitted. */
  icon?: ReactNode;
  className?: string;
}

export function EmptyState({ title, description, action, icon, className }: EmptyStateProps) {
  return (
    <div className={cx("flex flex-col items-center px-6 py-10 text-center", className)}>
      <div aria-hidden="true" className="mb-3 flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        {icon ?? (
          <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" className="size-5">
            <path d="M3 11.5 5 4.5h10l2 7v4H3v-4Zm0 0h4.5l1 2h3l1-2H17" strokeLinejoin="round" />
          </svg>
        )}
      </div>
      <p className="text-sm font-semibold text-slate-900">{title}</p>
      {description && <p className="mt-1 max-w-sm text-sm text-slate-600">{description}</p>}
      {action && <div className="mt-4 flex flex-wrap justify-center gap-2">{action}</div>}
    </div>
  );
}

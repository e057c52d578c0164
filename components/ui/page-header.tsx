// The top of every page: the one h1, a description, page-level actions, and an optional link back up.
import Link from "next/link";
import type { ReactNode } from "react";
import { cx } from "./cx";

export interface PageHeaderProps {
  /** Wrap user text (a branch name) in <bdi> so Arabic renders correctly inside the English title. */
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** A link to the parent list, e.g. { href: "/transactions", label: "Transactions" }. */
  back?: { href: string; label: string };
  /** Extra content under the description (badges, key facts). */
  meta?: ReactNode;
  className?: string;
}

export function PageHeader({ title, description, actions, back, meta, className }: PageHeaderProps) {
  return (
    <div className={cx("mb-6", className)}>
      {/* No prefetch: the parent list was usually just visited, and fetching its code would weigh on every detail page. */}
      {back && (
        <Link
          href={back.href}
          prefetch={false}
          className="mb-2 inline-flex items-center gap-1 rounded-sm text-sm text-slate-600 hover:text-slate-900"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 rtl:-scale-x-100">
            <path d="M12.8 4.7a.75.75 0 0 1 0 1.06L8.56 10l4.24 4.24a.75.75 0 1 1-1.06 1.06l-4.77-4.77a.75.75 0 0 1 0-1.06l4.77-4.77a.75.75 0 0 1 1.06 0Z" />
          </svg>
          {back.label}
        </Link>
      )}
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {description && <p className="mt-1 max-w-3xl text-sm text-slate-600">{description}</p>}
          {meta && <div className="mt-2 flex flex-wrap items-center gap-2">{meta}</div>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
    </div>
  );
}

// Placeholders for loading.tsx files. Size them like the real content so nothing shifts when it arrives.
import { useTranslations } from "next-intl";
import { cx } from "./cx";

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx("animate-pulse rounded-md bg-slate-200/80", className)} />;
}

/** Lines of text; the last is shorter. */
export function SkeletonText({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <div aria-hidden="true" className={cx("space-y-2", className)}>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className={cx("h-3.5", i === lines - 1 && lines > 1 ? "w-2/3" : "w-full")} />
      ))}
    </div>
  );
}

/**
 * A table-shaped placeholder with a polite "Loading…" for screen readers. Rows are as tall as Table rows
 * (text-sm, py-2.5) so the swap to real data does not move the page.
 */
export function SkeletonTable({
  rows = 8,
  columns = 5,
  label,
  className,
}: {
  rows?: number;
  columns?: number;
  label?: string;
  className?: string;
}) {
  const t = useTranslations("ui");
  return (
    <div role="status" className={cx("overflow-hidden rounded-md border border-slate-200 bg-white", className)}>
      <span className="sr-only">{label ?? t("loading")}</span>
      <div aria-hidden="true">
        <div className="flex gap-4 border-b border-slate-200 bg-slate-50 px-4 py-2.5">
          {Array.from({ length: columns }, (_, c) => (
            <Skeleton key={c} className="h-3 flex-1" />
          ))}
        </div>
        {Array.from({ length: rows }, (_, r) => (
          <div key={r} className="flex h-[41px] items-center gap-4 border-b border-slate-100 px-4 last:border-b-0">
            {Array.from({ length: columns }, (_, c) => (
              <Skeleton key={c} className={cx("h-3.5 flex-1", c === 0 && "max-w-32")} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

/** A PageHeader's place: a title bar and a description line at the same heights, and grey buttons for its actions. */
export function SkeletonHeader({ actions = 0, back = false }: { actions?: number; back?: boolean }) {
  return (
    <div aria-hidden="true" className="mb-6">
      {back && <Skeleton className="mb-2 h-5 w-28" />}
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <div className="min-w-0 flex-1">
          <Skeleton className="my-1 h-5 w-48" />
          <Skeleton className="mt-2 h-3.5 w-full max-w-md" />
        </div>
        {actions > 0 && (
          <div className="flex gap-2">
            {Array.from({ length: actions }, (_, i) => (
              <Skeleton key={i} className="h-9 w-32" />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

/** A white panel (Card's frame) with lines of text inside. */
export function SkeletonPanel({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <div aria-hidden="true" className={cx("rounded-md border border-slate-200 bg-white p-5 shadow-xs", className)}>
      <Skeleton className="mb-4 h-4 w-40" />
      <SkeletonText lines={lines} />
    </div>
  );
}

/** Label-and-value pairs in a grid: a filter form's fields, or a band of figures. */
export function SkeletonFields({
  count,
  className,
  valueClassName = "h-9 w-full",
}: {
  count: number;
  className?: string;
  valueClassName?: string;
}) {
  return (
    <div aria-hidden="true" className={cx("grid", className)}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="space-y-1.5">
          <Skeleton className="h-3.5 w-24" />
          <Skeleton className={valueClassName} />
        </div>
      ))}
    </div>
  );
}

// Placeholders for loading.tsx files. Size them like the real content so nothing shifts when it arrives.
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
  label = "Loading…",
  className,
}: {
  rows?: number;
  columns?: number;
  label?: string;
  className?: string;
}) {
  return (
    <div role="status" className={cx("overflow-hidden rounded-md border border-slate-200 bg-white", className)}>
      <span className="sr-only">{label}</span>
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

// Semantic data table: caption (may be visually hidden), column headers with scope, numeric cells aligned to the
// end, and sortable headers exposing aria-sort. Sorting by link (server-side, no JS) or by button (client).
import Link from "next/link";
import { useId, type ComponentPropsWithRef, type ReactNode } from "react";
import { cx } from "./cx";
import { ariaSort, type SortDirection } from "./sort";

export { ariaSort, nextSortDirection, parseSortDirection, type SortDirection } from "./sort";

export interface TableProps extends Omit<ComponentPropsWithRef<"table">, "children"> {
  /** What the table lists ("Transactions"); required so screen readers can name it. */
  caption: ReactNode;
  /** Hide the caption visually (it stays available to screen readers). */
  captionHidden?: boolean;
  children: ReactNode;
}

export function Table({ caption, captionHidden = false, className, children, ...props }: TableProps) {
  const captionId = useId();
  return (
    // A focusable, named scroll region: keyboard users can scroll a table wider than the screen.
    // `relative`: a visually hidden label (position: absolute) in a cell is then laid out inside the scroll region; without
    // it, its containing block was the page, and a wide table made the whole page scroll sideways on a phone.
    <div role="region" aria-labelledby={captionId} tabIndex={0} className="relative overflow-x-auto">
      <table {...props} className={cx("w-full border-collapse text-sm text-slate-800", className)}>
        <caption id={captionId} className={captionHidden ? "sr-only" : "px-4 py-2.5 text-start text-sm font-semibold text-slate-900"}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

export function THead({ className, ...props }: ComponentPropsWithRef<"thead">) {
  return <thead {...props} className={cx("border-b border-slate-200 bg-slate-50", className)} />;
}

export function TBody({ className, ...props }: ComponentPropsWithRef<"tbody">) {
  return <tbody {...props} className={cx("divide-y divide-slate-100", className)} />;
}

export function TR({ className, ...props }: ComponentPropsWithRef<"tr">) {
  return <tr {...props} className={cx("hover:bg-slate-50/70", className)} />;
}

const HEADER = "px-4 py-2.5 text-xs font-semibold whitespace-nowrap text-slate-600";

export interface THProps extends ComponentPropsWithRef<"th"> {
  /** Amount/count column: end-aligned with tabular digits. */
  numeric?: boolean;
}

/** Column header (scope="col" by default); pass scope="row" for a row header in the body. */
export function TH({ numeric = false, scope = "col", className, ...props }: THProps) {
  const rowHeader = scope === "row";
  return (
    <th
      {...props}
      scope={scope}
      className={cx(rowHeader ? "px-4 py-2.5 font-medium text-slate-900" : HEADER, numeric ? "text-end" : "text-start", className)}
    />
  );
}

export interface TDProps extends ComponentPropsWithRef<"td"> {
  numeric?: boolean;
}

export function TD({ numeric = false, className, ...props }: TDProps) {
  return <td {...props} className={cx("px-4 py-2.5 align-middle", numeric ? "text-end tabular-nums" : "text-start", className)} />;
}

export interface SortableTHProps {
  children: ReactNode;
  /** This column's current direction; null/undefined when the table is sorted by another column. */
  direction?: SortDirection | null;
  /** Link to the sorted URL (server-side sorting, works without JS). */
  href?: string;
  /** Or a click handler (client components). One of href/onSort is expected. */
  onSort?: () => void;
  numeric?: boolean;
  className?: string;
}

export function SortableTH({ children, direction, href, onSort, numeric = false, className }: SortableTHProps) {
  const control = cx("-mx-1 inline-flex items-center gap-1 rounded-sm px-1 hover:text-slate-900", direction && "text-slate-900");
  const inner = (
    <>
      {children}
      <SortIcon direction={direction ?? null} />
    </>
  );
  return (
    <th scope="col" aria-sort={ariaSort(direction)} className={cx(HEADER, numeric ? "text-end" : "text-start", className)}>
      {href ? (
        <Link href={href} className={control} scroll={false}>
          {inner}
        </Link>
      ) : (
        <button type="button" onClick={onSort} className={control}>
          {inner}
        </button>
      )}
    </th>
  );
}

function SortIcon({ direction }: { direction: SortDirection | null }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={cx("size-3.5", !direction && "text-slate-500")}>
      {direction !== "desc" && <path d="M10 4.5 14 9H6l4-4.5Z" opacity={direction === "asc" ? 1 : 0.7} />}
      {direction !== "asc" && <path d="M10 15.5 6 11h8l-4 4.5Z" opacity={direction === "desc" ? 1 : 0.7} />}
    </svg>
  );
}

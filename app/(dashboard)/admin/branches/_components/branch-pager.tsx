// Page links for the branch search. The gateway numbers pages from 0; people see them from 1. Plain links: the
// URL carries the page number, so a page can be shared and works without JavaScript.
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button-styles";
import { cx } from "@/components/ui/cx";
import { pageWindow } from "./page-window";

export interface BranchPagerProps {
  pageNumber: number;
  totalPages: number;
  totalElements: number;
  shown: number;
  /** The href of a page, by its number from 0. */
  hrefOf: (pageNumber: number) => string;
}

export function BranchPager({ pageNumber, totalPages, totalElements, shown, hrefOf }: BranchPagerProps) {
  const disabled = buttonClasses({ variant: "secondary", size: "sm", className: "pointer-events-none opacity-50" });
  const enabled = buttonClasses({ variant: "secondary", size: "sm" });
  const hasPrev = pageNumber > 0;
  const hasNext = pageNumber < totalPages - 1;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm text-slate-600">
      <span>
        Page {Math.min(pageNumber + 1, Math.max(totalPages, 1))} of {Math.max(totalPages, 1)} · {shown} of {totalElements}{" "}
        {totalElements === 1 ? "branch" : "branches"}
      </span>
      <div className="flex flex-wrap items-center gap-1">
        {hasPrev ? (
          <Link href={hrefOf(pageNumber - 1)} rel="prev" className={enabled}>
            Previous
          </Link>
        ) : (
          <span aria-disabled="true" className={disabled}>
            Previous
          </span>
        )}
        <ol className="flex items-center gap-1">
          {pageWindow(pageNumber, totalPages).map((p, i) =>
            p === null ? (
              <li key={`gap-${i}`} aria-hidden="true" className="px-1">
                …
              </li>
            ) : (
              <li key={p}>
                <Link
                  href={hrefOf(p)}
                  aria-label={`Page ${p + 1}`}
                  aria-current={p === pageNumber ? "page" : undefined}
                  className={cx(buttonClasses({ variant: p === pageNumber ? "primary" : "ghost", size: "sm" }), "min-w-8 tabular-nums")}
                >
                  {p + 1}
                </Link>
              </li>
            ),
          )}
        </ol>
        {hasNext ? (
          <Link href={hrefOf(pageNumber + 1)} rel="next" className={enabled}>
            Next
          </Link>
        ) : (
          <span aria-disabled="true" className={disabled}>
            Next
          </span>
        )}
      </div>
    </nav>
  );
}

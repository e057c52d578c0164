// Page links for the roles search (the gateway pages from 0; people count from 1): previous, numbers around the
// current page with the first and last, next. Plain links: the URL holds the page.
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button-styles";
import { cx } from "@/components/ui/cx";

export function pageWindow(current: number, totalPages: number): Array<number | "gap"> {
  const keep = new Set([0, totalPages - 1, current - 1, current, current + 1].filter((n) => n >= 0 && n < totalPages));
  const out: Array<number | "gap"> = [];
  let prev = -1;
  for (const n of [...keep].sort((a, b) => a - b)) {
    if (n - prev > 1) out.push("gap");
    out.push(n);
    prev = n;
  }
  return out;
}

export function RolesPager({ page, totalPages, href }: { page: number; totalPages: number; href: (page: number) => string }) {
  if (totalPages <= 1 && page === 0) return null;
  const link = buttonClasses({ variant: "secondary", size: "sm" });
  const off = buttonClasses({ variant: "secondary", size: "sm", className: "pointer-events-none opacity-50" });
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-end gap-1.5 px-4 py-3 text-sm">
      {page > 0 ? (
        <Link href={href(page - 1)} rel="prev" className={link}>
          Previous
        </Link>
      ) : (
        <span aria-disabled="true" className={off}>
          Previous
        </span>
      )}
      {pageWindow(page, totalPages).map((n, i) =>
        n === "gap" ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
            …
          </span>
        ) : (
          <Link
            key={n}
            href={href(n)}
            aria-label={`Page ${n + 1}`}
            aria-current={n === page ? "page" : undefined}
            className={cx(link, n === page && "border-brand-600 bg-brand-50 text-brand-800")}
          >
            {n + 1}
          </Link>
        ),
      )}
      {page < totalPages - 1 ? (
        <Link href={href(page + 1)} rel="next" className={link}>
          Next
        </Link>
      ) : (
        <span aria-disabled="true" className={off}>
          Next
        </span>
      )}
    </nav>
  );
}

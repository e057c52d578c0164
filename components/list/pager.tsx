// "Previous" / "Next" for keyset pages: plain links carrying the cursor (no page numbers: keyset has none).
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button-styles";

export function Pager({ prevHref, nextHref, shown }: { prevHref: string | null; nextHref: string | null; shown: number }) {
  const disabled = buttonClasses({ variant: "secondary", size: "sm", className: "pointer-events-none opacity-50" });
  const enabled = buttonClasses({ variant: "secondary", size: "sm" });
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 px-4 py-3 text-sm text-slate-600">
      <span>
        {shown} {shown === 1 ? "row" : "rows"} on this page
      </span>
      <div className="flex gap-2">
        {prevHref ? (
          <Link href={prevHref} rel="prev" className={enabled}>
            Previous
          </Link>
        ) : (
          <span aria-disabled="true" className={disabled}>
            Previous
          </span>
        )}
        {nextHref ? (
          <Link href={nextHref} rel="next" className={enabled}>
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

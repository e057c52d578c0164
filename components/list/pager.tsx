// The one pager of every list: "Previous" / "Next" as plain links (the URL holds the page, so it can be shared and
// works without JavaScript), plus page numbers for lists the gateway numbers (keyset lists have none).
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button-styles";
import { cx } from "@/components/ui/cx";
import { pageWindow } from "@/lib/page-window";

/** A keyset list: the cursor links of its neighbours (null at an end) and how many rows this page shows. */
interface KeysetPages {
  prevHref: string | null;
  nextHref: string | null;
  shown: number;
}

/** A numbered list: pages from 0 (the gateway's), shown from 1; the summary follows "Page n of m". */
interface NumberedPages {
  page: number;
  totalPages: number;
  hrefOf: (page: number) => string;
  summary: ReactNode;
}

export type PagerProps = KeysetPages | NumberedPages;

function Step({ href, rel, children }: { href: string | null; rel: "prev" | "next"; children: ReactNode }) {
  if (href === null) {
    return (
      <span
        aria-disabled="true"
        className={buttonClasses({ variant: "secondary", size: "sm", className: "pointer-events-none opacity-50" })}
      >
        {children}
      </span>
    );
  }
  return (
    <Link href={href} rel={rel} className={buttonClasses({ variant: "secondary", size: "sm" })}>
      {children}
    </Link>
  );
}

function PageNumbers({ page, totalPages, hrefOf }: Omit<NumberedPages, "summary">) {
  const t = useTranslations("vocab.list");
  return (
    <ol className="flex items-center gap-1">
      {pageWindow(page, totalPages).map((p, i) =>
        p === null ? (
          <li key={`gap-${i}`} aria-hidden="true" className="px-1">
            …
          </li>
        ) : (
          <li key={p}>
            <Link
              href={hrefOf(p)}
              aria-label={t("page", { page: p + 1 })}
              aria-current={p === page ? "page" : undefined}
              className={cx(buttonClasses({ variant: p === page ? "primary" : "ghost", size: "sm" }), "min-w-8 tabular-nums")}
            >
              {p + 1}
            </Link>
          </li>
        ),
      )}
    </ol>
  );
}

export function Pager(props: PagerProps) {
  const t = useTranslations("vocab.list");
  let summary: ReactNode;
  let prevHref: string | null;
  let nextHref: string | null;
  if ("hrefOf" in props) {
    const { page, totalPages, hrefOf } = props;
    const pages = Math.max(totalPages, 1);
    summary = (
      <>
        {t("pageOf", { page: Math.min(page + 1, pages), pages })} · {props.summary}
      </>
    );
    prevHref = page > 0 ? hrefOf(Math.min(page, totalPages) - 1) : null;
    nextHref = page < totalPages - 1 ? hrefOf(page + 1) : null;
  } else {
    summary = t("rowsOnPage", { count: props.shown });
    prevHref = props.prevHref;
    nextHref = props.nextHref;
  }
  return (
    <nav aria-label={t("pages")} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm text-slate-600">
      <span>{summary}</span>
      <div className="flex flex-wrap items-center gap-1">
        <Step href={prevHref} rel="prev">
          {t("previous")}
        </Step>
        {"hrefOf" in props && <PageNumbers page={props.page} totalPages={props.totalPages} hrefOf={props.hrefOf} />}
        <Step href={nextHref} rel="next">
          {t("next")}
        </Step>
      </div>
    </nav>
  );
}

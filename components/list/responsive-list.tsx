// Lists that work on a phone without extra JavaScript: a table from the md breakpoint up, a stack of cards below
// it, both rendered on the server and switched by CSS alone. Rows and cards open their item from anywhere on
// them through one real link (a "stretched" link), so keyboard and screen-reader users get a normal link and
// nothing interactive is nested inside another control.
//
// How to use (see app/(dashboard)/transactions for a full example):
//   <ResponsiveList
//     label="Transactions"
//     table={<Table …><TR className={CLICKABLE_ROW}>… <Link className={ROW_LINK} …/> … <input className={ABOVE_ROW_LINK} …/></TR></Table>}
//     cards={rows.map((r) => <ListCard key={r.id} href={…} linkText={…} title={…} badge={…} lines={[…]} />)}
//   />
// - Put CLICKABLE_ROW on each <tr> and ROW_LINK on the one link of the row (ideally in the first cell): its
//   ::after covers the whole row, so a click anywhere opens the item.
// - Anything else interactive in a row (checkboxes, buttons) takes ABOVE_ROW_LINK so it stays clickable.
// - Cards repeat the few fields that matter on a small screen (amount, status, who, when); the rest stays on the
//   item's page. Both views are in the HTML; the hidden one is display:none, so it is out of the accessibility tree.
import Link from "next/link";
import type { ReactNode } from "react";
import { cx } from "@/components/ui/cx";

/** On a table row: the containing block of the row's stretched link. */
export const CLICKABLE_ROW = "relative cursor-pointer has-[a[data-row-link]:focus-visible]:bg-brand-50/60";
/** On the row's one link: its ::after spans the row. Also set data-row-link on it (the focus style reads it). */
export const ROW_LINK =
  "after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-brand-600";
/** On other controls in a clickable row (a selection checkbox): above the stretched link. */
export const ABOVE_ROW_LINK = "relative z-10";

export function ResponsiveList({ label, table, cards }: { label: string; table: ReactNode; cards: ReactNode }) {
  return (
    <>
      <div className="hidden md:block">{table}</div>
      <ul aria-label={label} className="divide-y divide-slate-100 md:hidden">
        {cards}
      </ul>
    </>
  );
}

export interface ListCardProps {
  href: string;
  /** The link's text: the card's headline (e.g. the amount), read first by screen readers. */
  linkText: ReactNode;
  /** Extra words for screen readers only, after the link text (e.g. ", order A-17"). */
  linkSuffix?: string;
  /** A secondary line under the headline (e.g. "of SAR 100.00 authorized"). */
  sub?: ReactNode;
  /** At the end of the first line (e.g. a status badge). */
  badge?: ReactNode;
  /** Further lines, small and muted (who, when, card). Empty entries are skipped. */
  lines?: ReactNode[];
}

export function ListCard({ href, linkText, linkSuffix, sub, badge, lines = [] }: ListCardProps) {
  return (
    <li className="relative px-4 py-3 hover:bg-slate-50 has-[a:focus-visible]:bg-brand-50/60">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Link href={href} prefetch={false} className={cx("font-semibold text-slate-900", ROW_LINK)} data-row-link="">
            {linkText}
            {linkSuffix && <span className="sr-only">{linkSuffix}</span>}
          </Link>
          {sub && <div className="text-xs text-slate-500">{sub}</div>}
        </div>
        {badge && <div className="shrink-0">{badge}</div>}
      </div>
      {lines.filter(Boolean).map((line, i) => (
        <div key={i} className="mt-0.5 truncate text-sm text-slate-600">
          {line}
        </div>
      ))}
    </li>
  );
}

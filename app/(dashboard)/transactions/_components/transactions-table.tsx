// The list as a table (md and wider), rendered on the server: sortable date and amount headers (links, aria-sort),
// status badges, the listed amount (captured after a partial capture), user text with dir="auto", ids and card
// digits isolated left-to-right. The whole row opens the payment through the one real link in its first cell (a
// stretched link, components/list/responsive-list.tsx); the selection checkbox sits above it. Columns are sized
// to fit 1280 px without sideways scrolling: long values are truncated with the whole value in the title.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { ABOVE_ROW_LINK, CLICKABLE_ROW, ROW_LINK } from "@/components/list/responsive-list";
import { Badge } from "@/components/ui/badge";
import { CardMask } from "@/components/ui/card-mask";
import { cx } from "@/components/ui/cx";
import { nextSortDirection, SortableTH, Table, TBody, TD, TH, THead, TR, type SortDirection } from "@/components/ui/table";
import type { ColumnId } from "@/lib/transactions/columns";
import { statusTone } from "@/lib/transactions/labels";
import { statusText, typeShortText, typeText } from "@/lib/i18n/vocab";
import type { SortKey } from "@/lib/transactions/cursor";
import type { TransactionRow } from "@/server/services/transactions/ledger-query";
import { Amount, ListedAmount, When } from "./row-parts";
import { EXPORT_FORM_ID, SelectAllCheckbox } from "./selection";

export interface TransactionsTableProps {
  rows: TransactionRow[];
  columns: ColumnId[];
  zone: string;
  sort: SortKey;
  dir: SortDirection;
  /** Link for sorting by a column in a direction (the filter kept, the cursor dropped). */
  sortHref: (sort: SortKey, dir: SortDirection) => string;
  selectable: boolean;
  /** The render's clock (relative times within the last day). */
  now: number;
}

const Muted = () => <span className="text-slate-500">—</span>;

/** A value that may be long (an order id, an e-mail): one line, cut with an ellipsis, whole in the title. */
function Truncated({ text, className, dir = "ltr" }: { text: string; className?: string; dir?: "ltr" | "auto" }) {
  return (
    <bdi dir={dir} title={text} className={cx("block truncate", className)}>
      {text}
    </bdi>
  );
}

function Cell({ column, row }: { column: ColumnId; row: TransactionRow }) {
  const vocab = useTranslations("vocab");
  switch (column) {
    case "order":
      return <Truncated text={row.orderId} className="font-mono text-xs" />;
    case "type":
      return <span title={typeText(vocab, row.kind, row.intent)}>{typeShortText(vocab, row.kind, row.intent)}</span>;
    case "payer":
      return row.payerName ? <Truncated text={row.payerName} dir="auto" /> : <Muted />;
    case "email":
      return row.payerEmail ? <Truncated text={row.payerEmail} /> : <Muted />;
    case "card":
      return <CardMask card={{ brand: row.cardBrand, last4: row.cardLast4 }} fallback={<Muted />} />;
    case "branch":
      return row.branchId ? <Truncated text={row.branchId} dir="auto" /> : <Muted />;
    case "gateway":
      return row.gatewayId ? <Truncated text={row.gatewayId} className="font-mono text-xs" /> : <Muted />;
    case "captured":
      return <Amount minor={row.capturedMinor} currency={row.currency} />;
    case "refunded":
      return <Amount minor={row.refundedMinor} currency={row.currency} />;
  }
}

/** The row's tooltip: the long type label (with the interface), the whole order id and e-mail. */
function rowTitle(r: TransactionRow, kind: string, order: string): string {
  return [kind, order, r.payerEmail].filter(Boolean).join(" · ");
}

const NUMERIC: ReadonlySet<ColumnId> = new Set(["captured", "refunded"]);
// Columns of free-length text take what the fixed ones leave: max-width 0 lets the table shrink them (their text
// is cut with an ellipsis) instead of growing wider than the screen; the percentage is their share when there is room.
const FLEXIBLE: Partial<Record<ColumnId, string>> = {
  order: "w-[16%] max-w-0",
  payer: "w-[14%] max-w-0",
  email: "w-[20%] max-w-0",
  branch: "w-[10%] max-w-0",
  gateway: "w-[14%] max-w-0",
};
// Tighter cells than the default table: eight columns fit beside the sidebar at 1280 px.
const TIGHT = "ps-3 pe-3";

export function TransactionsTable({ rows, columns, zone, sort, dir, sortHref, selectable, now }: TransactionsTableProps) {
  const t = useTranslations("transactions");
  const vocab = useTranslations("vocab");
  const directionOf = (key: SortKey) => (sort === key ? dir : null);
  return (
    <Table caption={t("caption", { zone })} captionHidden>
      <THead>
        <tr>
          {selectable && (
            <th scope="col" className="w-10 ps-4 pe-1 py-2.5 text-start">
              <SelectAllCheckbox />
            </th>
          )}
          <SortableTH
            className={TIGHT}
            direction={directionOf("created")}
            href={sortHref("created", nextSortDirection(directionOf("created"), "desc"))}
          >
            {t("columns.created")}
          </SortableTH>
          <TH className={TIGHT}>{t("columns.status")}</TH>
          <SortableTH
            className={TIGHT}
            numeric
            direction={directionOf("amount")}
            href={sortHref("amount", nextSortDirection(directionOf("amount"), "desc"))}
          >
            {t("columns.amount")}
          </SortableTH>
          {columns.map((c) => (
            <TH key={c} numeric={NUMERIC.has(c)} className={TIGHT}>
              {t(`columns.${c}`)}
            </TH>
          ))}
        </tr>
      </THead>
      <TBody>
        {rows.map((r) => (
          <TR key={r.id} className={CLICKABLE_ROW}>
            {selectable && (
              <TD className="w-10 ps-4 pe-1">
                <input
                  type="checkbox"
                  name="ids"
                  value={r.id}
                  form={EXPORT_FORM_ID}
                  aria-label={t("selectRow", { orderId: r.orderId })}
                  className={cx("size-4 rounded border-slate-300 accent-brand-600", ABOVE_ROW_LINK)}
                />
              </TD>
            )}
            <TD className={cx(TIGHT, "whitespace-nowrap")}>
              <Link
                href={`/transactions/${r.id}`}
                prefetch={false}
                data-row-link=""
                // The link covers the row, so cut-off cells show their whole value in the row's tooltip.
                title={rowTitle(r, typeText(vocab, r.kind, r.intent), t("row.orderTitle", { orderId: r.orderId }))}
                className={cx("font-medium text-brand-700 hover:underline", ROW_LINK)}
              >
                <When row={r} now={now} />
                <span className="sr-only">{t("row.orderSuffix", { orderId: r.orderId })}</span>
              </Link>
            </TD>
            <TD className={TIGHT}>
              <Badge tone={statusTone(r.status)} dot>
                {statusText(vocab, r.status)}
              </Badge>
            </TD>
            <TD numeric className={TIGHT}>
              <ListedAmount row={r} />
            </TD>
            {columns.map((c) => (
              <TD key={c} numeric={NUMERIC.has(c)} className={cx(TIGHT, FLEXIBLE[c])}>
                <Cell column={c} row={r} />
              </TD>
            ))}
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

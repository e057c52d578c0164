// A ReportTable as an accessible HTML table: a caption naming the report and its days, column headers with scope,
// counts and amounts end-aligned (amounts isolated left-to-right in <bdi>, with the currency's decimals), instants
// in the reporting zone, and the totals in a styled footer. Paired columns ("Sales (count)", "Sales (amount)") share
// a group header ("Sales" over "Count" and "Amount", colgroup-scoped) so that daily closing's 13 figures fit a
// laptop; the first column stays in view while the table scrolls sideways, and so does the closing total (Net) at
// the other end: the figure people open the report for is never the one scrolled away. Server-rendered: no JavaScript.
import { useLocale, useTranslations } from "next-intl";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { cx } from "@/components/ui/cx";
import { currencyDigits, isCurrencyCode } from "@/lib/money";
import { isMoneyCell, type ReportCell, type ReportColumn, type ReportRow, type ReportTable } from "@/lib/reports/report-table";
import { formatInZone } from "@/lib/transactions/zoned-time";

/** "1,250.00" (in the reader's digits); a negative amount (a day's net) with a true minus sign. The currency is its own column. */
export function amountText(minor: number, currency: string, locale = "en-GB"): string {
  const digits = isCurrencyCode(currency) ? currencyDigits(currency) : 0;
  const text = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    Math.abs(minor) / 10 ** digits,
  );
  return minor < 0 ? `\u2212${text}` : text;
}

interface HeaderGroup {
  /** The group's label ("Sales"), or null for a column standing alone. */
  label: string | null;
  columns: Array<{ column: ReportColumn; sub: string }>;
}

/**
 * Consecutive paired columns ("X (count)", "X (amount)") become one group "X" with sub-headers "Count", "Amount"
 * (the sub-headers' words in the reader's language).
 */
export function headerGroups(columns: ReportColumn[], sub: { count: string; amount: string }): HeaderGroup[] {
  const groups: HeaderGroup[] = [];
  for (const column of columns) {
    const pair = column.pair;
    const last = groups.at(-1);
    if (pair && last && last.label === pair.groupLabel) last.columns.push({ column, sub: sub[pair.part] });
    else if (pair) groups.push({ label: pair.groupLabel, columns: [{ column, sub: sub[pair.part] }] });
    else groups.push({ label: null, columns: [{ column, sub: column.label }] });
  }
  return groups;
}

function Cell({ column, value, zone }: { column: ReportColumn; value: ReportCell | undefined; zone: string }) {
  const locale = useLocale();
  if (value === null || value === undefined || value === "") return <span className="text-slate-500">—</span>;
  if (isMoneyCell(value)) {
    return (
      <bdi dir="ltr" className="whitespace-nowrap tabular-nums">
        {amountText(value.minor, value.currency, locale)}
      </bdi>
    );
  }
  if (column.kind === "count" && typeof value === "number") return <bdi dir="ltr">{new Intl.NumberFormat(locale).format(value)}</bdi>;
  if (column.kind === "datetime" && typeof value === "string") {
    return (
      <bdi dir="ltr" className="whitespace-nowrap">
        {formatInZone(new Date(value), zone).slice(0, 16)}
      </bdi>
    );
  }
  if (column.kind === "day")
    return (
      <bdi dir="ltr" className="whitespace-nowrap">
        {String(value)}
      </bdi>
    );
  return <bdi dir="auto">{String(value)}</bdi>;
}

/** Short text (ids, e-mails, labels) stays on one line; long text (a note) wraps within a readable width. */
const textFit = (value: ReportCell | undefined) =>
  typeof value === "string" ? (value.length <= 40 ? "whitespace-nowrap" : "min-w-48 max-w-80 break-words") : undefined;
const numeric = (c: ReportColumn) => c.kind === "count" || c.kind === "money";
/** The first column stays put while the figures scroll sideways (a phone, a wide daily closing). */
const STICKY = "sticky start-0 z-10";
/**
 * The closing total at the end stays put as well, ruled off from the figures that scroll under it; not on a phone,
 * where two pinned columns would leave the figures between them too little room.
 */
const STICKY_END = "sm:sticky sm:end-0 sm:z-10 border-s border-slate-200";
// Tighter than the shared cells (px-4, text-sm): daily closing has 13 columns (14 with a breakdown), and at 1440 px
// they must all fit beside the sidebar with amounts in the hundreds of millions, so cells are narrower and the figures
// in the headers' 12 px type (at 14 px the Net column was out of view). Important: cx() does not merge utilities.
const TIGHT = "px-2!";
const DENSE = "text-xs!";

/** A grouped table's last column standing alone as an amount is its total (daily closing's Net): it is pinned. */
const pinsLast = (columns: ReportColumn[], grouped: boolean) => {
  const last = columns.at(-1);
  return grouped && !!last && !last.pair && last.kind === "money";
};

export interface ReportTableViewProps {
  table: ReportTable;
  caption: string;
  /** At most this many rows on the page (the files hold them all). */
  rows: ReportRow[];
}

export function ReportTableView({ table, caption, rows }: ReportTableViewProps) {
  const t = useTranslations("reports");
  const groups = headerGroups(table.columns, { count: t("table.count"), amount: t("table.amount") });
  const grouped = groups.some((g) => g.label !== null);
  const [first, ...rest] = table.columns;
  const pinned = pinsLast(table.columns, grouped);
  const isPinned = (n: number) => pinned && n === table.columns.length - 1;
  return (
    <Table caption={caption} captionHidden className={DENSE}>
      {groups.map((g, i) => (
        <colgroup key={i} span={g.columns.length} />
      ))}
      <THead>
        <tr>
          {groups.map((g, i) =>
            g.label === null ? (
              <TH
                key={g.columns[0]!.column.key}
                rowSpan={grouped ? 2 : 1}
                numeric={numeric(g.columns[0]!.column)}
                data-column={g.columns[0]!.column.label}
                className={cx(
                  TIGHT,
                  "align-bottom",
                  grouped && "min-w-20 whitespace-normal!",
                  i === 0 && cx(STICKY, "bg-slate-50"),
                  pinned && i === groups.length - 1 && cx(STICKY_END, "bg-slate-50"),
                )}
              >
                {g.columns[0]!.column.label}
              </TH>
            ) : (
              <TH key={g.label} scope="colgroup" colSpan={g.columns.length} className={cx(TIGHT, "border-b border-slate-200 text-center")}>
                {g.label}
              </TH>
            ),
          )}
        </tr>
        {grouped && (
          <tr>
            {groups
              .filter((g) => g.label !== null)
              .flatMap((g) => g.columns)
              .map(({ column, sub }) => (
                <TH key={column.key} numeric={numeric(column)} data-column={column.label} className={TIGHT}>
                  {sub}
                </TH>
              ))}
          </tr>
        )}
      </THead>
      <TBody>
        {rows.map((row, i) => (
          <TR key={i}>
            {table.columns.map((c, n) => (
              <TD
                key={c.key}
                numeric={numeric(c)}
                data-column={c.label}
                className={cx(TIGHT, textFit(row[c.key]), n === 0 && cx(STICKY, "bg-white"), isPinned(n) && cx(STICKY_END, "bg-white"))}
              >
                <Cell column={c} value={row[c.key]} zone={table.timeZone} />
              </TD>
            ))}
          </TR>
        ))}
      </TBody>
      {table.totals.length > 0 && first && (
        <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold text-slate-900">
          {table.totals.map((row, i) => (
            <tr key={i}>
              {/* The first cell names the row: its own label, or "Total". */}
              <TH scope="row" numeric={numeric(first)} className={cx(TIGHT, STICKY, "bg-slate-50 whitespace-nowrap")}>
                {row[first.key] === null || row[first.key] === undefined ? (
                  t("table.total")
                ) : (
                  <Cell column={first} value={row[first.key]} zone={table.timeZone} />
                )}
              </TH>
              {rest.map((c, n) => (
                <TD
                  key={c.key}
                  numeric={numeric(c)}
                  data-column={c.label}
                  className={cx(TIGHT, isPinned(n + 1) && cx(STICKY_END, "bg-slate-50"))}
                >
                  {row[c.key] === null || row[c.key] === undefined ? null : <Cell column={c} value={row[c.key]} zone={table.timeZone} />}
                </TD>
              ))}
            </tr>
          ))}
        </tfoot>
      )}
    </Table>
  );
}

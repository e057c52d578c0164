// The list itself, rendered on the server: sortable date and amount headers (links, aria-sort), status badges,
// amounts in MoneyAmount, user text with dir="auto", ids and card digits isolated left-to-right, and a link from
// each row to the payment's page. Row checkboxes belong to the export form when the user may export.
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { MoneyAmount } from "@/components/ui/money";
import { nextSortDirection, SortableTH, Table, TBody, TD, TH, THead, TR, type SortDirection } from "@/components/ui/table";
import { OPTIONAL_COLUMNS, type ColumnId } from "@/lib/transactions/columns";
import { asMoney } from "@/lib/transactions/format";
import { kindLabel, statusLabel, statusTone } from "@/lib/transactions/labels";
import type { SortKey } from "@/lib/transactions/cursor";
import { formatInZone } from "@/lib/transactions/zoned-time";
import type { TransactionRow } from "@/server/services/transactions/ledger-query";
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
}

function Amount({ minor, currency }: { minor: number; currency: string }) {
  const m = asMoney({ minor, currency });
  return m ? <MoneyAmount value={m} /> : <bdi dir="ltr">{`${minor} ${currency}`}</bdi>;
}

const Muted = () => <span className="text-slate-500">—</span>;

function Cell({ column, row }: { column: ColumnId; row: TransactionRow }) {
  switch (column) {
    case "order":
      return (
        <bdi dir="ltr" className="font-mono text-xs whitespace-nowrap">
          {row.orderId}
        </bdi>
      );
    case "type":
      return <>{kindLabel(row.kind)}</>;
    case "payer":
      return row.payerName ? <bdi dir="auto">{row.payerName}</bdi> : <Muted />;
    case "email":
      return row.payerEmail ? <bdi dir="ltr">{row.payerEmail}</bdi> : <Muted />;
    case "card":
      return row.cardLast4 ? (
        <bdi dir="ltr" className="whitespace-nowrap">
          {row.cardBrand ? `${row.cardBrand} ` : ""}•••• {row.cardLast4}
        </bdi>
      ) : (
        <Muted />
      );
    case "branch":
      return row.branchId ? <bdi dir="auto">{row.branchId}</bdi> : <Muted />;
    case "gateway":
      return row.gatewayId ? (
        <bdi dir="ltr" className="font-mono text-xs">
          {row.gatewayId}
        </bdi>
      ) : (
        <Muted />
      );
    case "captured":
      return <Amount minor={row.capturedMinor} currency={row.currency} />;
    case "refunded":
      return <Amount minor={row.refundedMinor} currency={row.currency} />;
  }
}

const NUMERIC: ReadonlySet<ColumnId> = new Set(["captured", "refunded"]);

export function TransactionsTable({ rows, columns, zone, sort, dir, sortHref, selectable }: TransactionsTableProps) {
  const directionOf = (key: SortKey) => (sort === key ? dir : null);
  return (
    <Table caption={`Transactions (times in ${zone})`} captionHidden>
      <THead>
        <tr>
          {selectable && (
            <th scope="col" className="w-10 px-4 py-2.5 text-start">
              <SelectAllCheckbox />
            </th>
          )}
          <SortableTH direction={directionOf("created")} href={sortHref("created", nextSortDirection(directionOf("created"), "desc"))}>
            Created
          </SortableTH>
          <TH>Status</TH>
          <SortableTH numeric direction={directionOf("amount")} href={sortHref("amount", nextSortDirection(directionOf("amount"), "desc"))}>
            Amount
          </SortableTH>
          {columns.map((c) => (
            <TH key={c} numeric={NUMERIC.has(c)}>
              {OPTIONAL_COLUMNS[c]}
            </TH>
          ))}
        </tr>
      </THead>
      <TBody>
        {rows.map((r) => {
          const when = formatInZone(r.createdAt, zone);
          return (
            <TR key={r.id}>
              {selectable && (
                <TD className="w-10">
                  <input
                    type="checkbox"
                    name="ids"
                    value={r.id}
                    form={EXPORT_FORM_ID}
                    aria-label={`Select order ${r.orderId}`}
                    className="size-4 rounded border-slate-300 accent-brand-600"
                  />
                </TD>
              )}
              <TD className="whitespace-nowrap">
                <Link
                  href={`/transactions/${r.id}`}
                  prefetch={false}
                  className="font-medium text-brand-700 hover:underline"
                  title={`${when} (${zone})`}
                >
                  <bdi dir="ltr" className="tabular-nums">
                    {when.slice(0, 16)}
                  </bdi>
                  <span className="sr-only">, order {r.orderId}</span>
                </Link>
              </TD>
              <TD>
                <Badge tone={statusTone(r.status)} dot>
                  {statusLabel(r.status)}
                </Badge>
              </TD>
              <TD numeric>
                <Amount minor={r.amountMinor} currency={r.currency} />
              </TD>
              {columns.map((c) => (
                <TD key={c} numeric={NUMERIC.has(c)}>
                  <Cell column={c} row={r} />
                </TD>
              ))}
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}

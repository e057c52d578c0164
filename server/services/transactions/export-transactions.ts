// CSV export of the transactions list: every row matching the filter, or only the selected ids, STREAMED from the
// database one batch per pull (memory stays flat however many rows there are): on PostgreSQL one query read
// through a cursor, on the embedded PGlite keyset batches (a cursor there would need a transaction, and PGlite's one
// connection would serve nothing else until the download ended). Rows arrive as arrays (no object per row) and each
// batch becomes one string. Dates in the business time zone (REPORT_TIME_ZONE, named in the header), amounts as exact decimals with their currency, every cell
// safe to open in a spreadsheet.
// The export is audited when the stream ends (completed, aborted by the client, or failed) with the row count.
// No `import "server-only"`: the ledger benchmark (scripts/bench-ledger.ts) runs it too; it holds no secret.
import { csvCell, csvRow } from "@/lib/transactions/csv";
import { ledgerDecimal } from "@/lib/transactions/format";
import { kindLabel, statusLabel } from "@/lib/transactions/labels";
import { toFilter, type TransactionExportQuery } from "@/lib/transactions/list-query";
import { formatEpochMsInZone } from "@/lib/transactions/zoned-time";
import { cursorBatches, keysetBatches, supportsCursor } from "../../db/row-batches";
import type { AppConfig } from "../../config";
import type { ServiceContext, ServiceDeps } from "../deps";
import { exportQuery, filterConditions, type ExportRow } from "./ledger-query";
import { requirePermission } from "../require-permission";
import { csvExportStream, exportFilename } from "../csv-export";

export const EXPORT_BATCH_SIZE = 1_000;

export interface ExportOptions {
  batchSize?: number;
  /** Observes each batch read from the database (tests, the benchmark). */
  onBatch?: (rows: number) => void;
  /** The column headers in the downloader's language (English when absent). */
  headerWords?: CsvHeaderWords<TransactionCsvColumn>;
}

export interface TransactionExport {
  filename: string;
  stream: ReadableStream<Uint8Array>;
}

/** The CSV's columns, in order: each one's key in the `exports` catalog (transactions.<key>). */
export const TRANSACTION_CSV_COLUMNS = [
  "created",
  "paymentId",
  "orderId",
  "gatewayId",
  "type",
  "status",
  "amount",
  "currency",
  "captured",
  "refunded",
  "payerName",
  "payerEmail",
  "cardBrand",
  "cardLast4",
  "branch",
  "description",
] as const;
export type TransactionCsvColumn = (typeof TRANSACTION_CSV_COLUMNS)[number];

/** A column's header in the reader's language ({tz}: the time zone of the dates). */
export type CsvHeaderWords<C extends string> = (column: C, tz: string) => string;

const ENGLISH_HEADERS: Record<TransactionCsvColumn, string> = {
  created: "Created ({tz})",
  paymentId: "Payment ID",
  orderId: "Order ID",
  gatewayId: "Gateway ID",
  type: "Type",
  status: "Status",
  amount: "Amount",
  currency: "Currency",
  captured: "Captured",
  refunded: "Refunded",
  payerName: "Payer name",
  payerEmail: "Payer e-mail",
  cardBrand: "Card brand",
  cardLast4: "Card last 4",
  branch: "Branch",
  description: "Description",
};
const englishHeader: CsvHeaderWords<TransactionCsvColumn> = (c, tz) => ENGLISH_HEADERS[c].replace("{tz}", tz);

function header(tz: string, words: CsvHeaderWords<TransactionCsvColumn> = englishHeader): string {
  return csvRow(TRANSACTION_CSV_COLUMNS.map((c) => words(c, tz)));
}

/** Cells from a small set of values (type and status labels, currencies, brands) escaped once per export. */
function cachedCells(toText: (value: string) => string): (value: string | null) => string {
  const cache = new Map<string, string>();
  return (value) => {
    if (value === null) return "";
    let cell = cache.get(value);
    if (cell === undefined) {
      cell = csvCell(toText(value));
      // Bounded: these columns hold a handful of distinct values; a surprising ledger just stops being cached.
      if (cache.size < 1_000) cache.set(value, cell);
    }
    return cell;
  };
}

/** The line writer of one export: the same cells as csvRow of the columns, built without a per-row array. */
export function csvLineWriter(tz: string): (r: ExportRow) => string {
  const kind = cachedCells(kindLabel);
  const status = cachedCells(statusLabel);
  const currency = cachedCells((c) => c);
  const brand = cachedCells((b) => b);
  const amount = (minor: number, code: string) => csvCell(ledgerDecimal(minor, code));
  return (r) =>
    csvCell(formatEpochMsInZone(r[0], tz)) +
    "," +
    csvCell(r[1]) +
    "," +
    csvCell(r[2]) +
    "," +
    csvCell(r[3]) +
    "," +
    kind(r[4]) +
    "," +
    status(r[5]) +
    "," +
    amount(r[6], r[7]) +
    "," +
    currency(r[7]) +
    "," +
    amount(r[8], r[7]) +
    "," +
    amount(r[9], r[7]) +
    "," +
    csvCell(r[10]) +
    "," +
    csvCell(r[11]) +
    "," +
    brand(r[12]) +
    "," +
    csvCell(r[13]) +
    "," +
    csvCell(r[14]) +
    "," +
    csvCell(r[15]) +
    "\r\n";
}

/** What the audit row says about the request: the filter, never a card detail (last 4 only as "was filtered"). */
function auditFilter(q: TransactionExportQuery): Record<string, unknown> {
  const { cursor: _cursor, cols: _cols, size: _size, scope: _scope, ids, last4, ...rest } = q;
  const filter = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)));
  return { ...filter, ...(last4 ? { cardLast4Filtered: true } : {}), ...(ids.length ? { selectedIds: ids.length } : {}) };
}

export async function exportTransactions(
  ctx: ServiceContext<Pick<ServiceDeps, "db" | "now"> & { config: Pick<AppConfig, "reportTimeZone"> }>,
  query: TransactionExportQuery,
  opts: ExportOptions = {},
): Promise<TransactionExport> {
  const { deps, principal, ip } = ctx;
  requirePermission(principal, "TRANSACTIONS_EXPORT");
  const batchSize = opts.batchSize ?? EXPORT_BATCH_SIZE;
  const where = filterConditions(toFilter(query), query.ids);
  // An export starts at the top of the sort, whatever page the user was on: the cursor is ignored.
  const { sort, dir } = query;
  const batches = supportsCursor(deps.db)
    ? cursorBatches(deps.db, exportQuery(deps.db, where, { sort, dir, after: null, limit: null }), batchSize)
    : keysetBatches(
        deps.db,
        (last) =>
          exportQuery(deps.db, where, { sort, dir, after: last && { value: last[16] as string, id: last[1] as string }, limit: batchSize }),
        batchSize,
      );
  // The rows are those the list shows (its filter, in the reader's zone); the times are the business zone's, named in
  // the header, so every export finance receives reads the same day for the same payment.
  const zone = deps.config.reportTimeZone;
  const stream = csvExportStream<ExportRow>({
    db: deps.db,
    header: header(zone, opts.headerWords),
    batchSize,
    nextBatch: () => batches.next() as Promise<ExportRow[]>,
    line: csvLineWriter(zone),
    close: () => batches.close(),
    onBatch: opts.onBatch,
    auditEntry: (outcome, rows) => ({
      action: "transactions.export",
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      targetType: "payments",
      summary: { filter: auditFilter(query), rows, outcome },
    }),
  });
  return { filename: exportFilename("transactions", deps.now(), zone), stream };
}

// CSV export of the transactions list: every row matching the filter, or only the selected ids, STREAMED from the
// database in keyset batches (one batch per pull, so memory stays flat however many rows there are). Dates in the
// user's time zone, amounts as exact decimals with their currency, every cell safe to open in a spreadsheet.
// The export is audited when the stream ends (completed, aborted by the client, or failed) with the row count.
// No `import "server-only"`: the ledger benchmark (scripts/bench-ledger.ts) runs it too; it holds no secret.
import { csvRow } from "@/lib/transactions/csv";
import { ledgerDecimal } from "@/lib/transactions/format";
import { kindLabel, statusLabel } from "@/lib/transactions/labels";
import { toFilter, type TransactionExportQuery } from "@/lib/transactions/list-query";
import { formatInZone } from "@/lib/transactions/zoned-time";
import type { ServiceContext, ServiceDeps } from "../deps";
import { fetchPage, filterConditions, type TransactionRow } from "./ledger-query";
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

export function csvLine(r: TransactionRow, tz: string): string {
  return csvRow([
    formatInZone(r.createdAt, tz),
    r.id,
    r.orderId,
    r.gatewayId,
    kindLabel(r.kind),
    statusLabel(r.status),
    ledgerDecimal(r.amountMinor, r.currency),
    r.currency,
    ledgerDecimal(r.capturedMinor, r.currency),
    ledgerDecimal(r.refundedMinor, r.currency),
    r.payerName,
    r.payerEmail,
    r.cardBrand,
    r.cardLast4,
    r.branchId,
    r.description,
  ]);
}

/** What the audit row says about the request: the filter, never a card detail (last 4 only as "was filtered"). */
function auditFilter(q: TransactionExportQuery): Record<string, unknown> {
  const { cursor: _cursor, cols: _cols, size: _size, scope: _scope, ids, last4, ...rest } = q;
  const filter = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)));
  return { ...filter, ...(last4 ? { cardLast4Filtered: true } : {}), ...(ids.length ? { selectedIds: ids.length } : {}) };
}

export async function exportTransactions(
  ctx: ServiceContext<Pick<ServiceDeps, "db" | "now">>,
  query: TransactionExportQuery,
  opts: ExportOptions = {},
): Promise<TransactionExport> {
  const { deps, principal, ip } = ctx;
  requirePermission(principal, "TRANSACTIONS_EXPORT");
  const batchSize = opts.batchSize ?? EXPORT_BATCH_SIZE;
  const where = filterConditions(toFilter(query), query.ids);
  // An export starts at the top of the sort, whatever page the user was on: the cursor is ignored.
  const sort = query.sort;
  let after: { value: string; id: string } | null = null;
  const stream = csvExportStream({
    db: deps.db,
    header: header(query.tz, opts.headerWords),
    batchSize,
    async nextBatch() {
      const rows = await fetchPage(deps.db, where, { sort, dir: query.dir, after, backwards: false, limit: batchSize });
      const last = rows.at(-1);
      if (last) after = { value: last.sortValue, id: last.id };
      return rows;
    },
    line: (r) => csvLine(r, query.tz),
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
  return { filename: exportFilename("transactions", deps.now(), query.tz), stream };
}

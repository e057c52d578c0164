// CSV export of the transactions list: every row matching the filter, or only the selected ids, STREAMED from the
// database in keyset batches (one batch per pull, so memory stays flat however many rows there are). Dates in the
// user's time zone, amounts as exact decimals with their currency, every cell safe to open in a spreadsheet.
// The export is audited when the stream ends (completed, aborted by the client, or failed) with the row count.
// No `import "server-only"`: the ledger benchmark (scripts/bench-ledger.ts) runs it too; it holds no secret.
import { CSV_BOM, csvRow } from "@/lib/transactions/csv";
import { ledgerDecimal } from "@/lib/transactions/format";
import { kindLabel, statusLabel } from "@/lib/transactions/labels";
import { toFilter, type TransactionExportQuery } from "@/lib/transactions/list-query";
import { formatInZone } from "@/lib/transactions/zoned-time";
import { appendAuditNow } from "../../audit/audit-log";
import type { Principal } from "../../auth/principal";
import { logger } from "../../log/logger";
import type { ServiceDeps } from "../deps";
import { fetchPage, filterConditions, type TransactionRow } from "./ledger-query";
import { requirePermission } from "../require-permission";

export const EXPORT_BATCH_SIZE = 1_000;

export interface ExportOptions {
  ip?: string | null;
  batchSize?: number;
  /** Observes each batch read from the database (tests, the benchmark). */
  onBatch?: (rows: number) => void;
}

export interface TransactionExport {
  filename: string;
  stream: ReadableStream<Uint8Array>;
}

function header(tz: string): string {
  return csvRow([
    `Created (${tz})`,
    "Payment ID",
    "Order ID",
    "Gateway ID",
    "Type",
    "Status",
    "Amount",
    "Currency",
    "Captured",
    "Refunded",
    "Payer name",
    "Payer e-mail",
    "Card brand",
    "Card last 4",
    "Branch",
    "Description",
  ]);
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
  deps: Pick<ServiceDeps, "db" | "now">,
  principal: Principal,
  query: TransactionExportQuery,
  opts: ExportOptions = {},
): Promise<TransactionExport> {
  requirePermission(principal, "TRANSACTIONS_EXPORT");
  const batchSize = opts.batchSize ?? EXPORT_BATCH_SIZE;
  const where = filterConditions(toFilter(query), query.ids);
  // An export starts at the top of the sort, whatever page the user was on: the cursor is ignored.
  const sort = query.sort;
  const encoder = new TextEncoder();
  let after: { value: string; id: string } | null = null;
  let rowCount = 0;
  let audited = false;

  const audit = async (outcome: "completed" | "aborted" | "failed") => {
    if (audited) return;
    audited = true;
    try {
      await appendAuditNow(deps.db, {
        action: "transactions.export",
        actorId: principal.userId,
        actorEmail: principal.email,
        ip: opts.ip ?? null,
        targetType: "payments",
        summary: { filter: auditFilter(query), rows: rowCount, outcome },
      });
    } catch (error) {
      logger.error("transactions.export_audit_failed", { error: error instanceof Error ? error.message : String(error), rows: rowCount, outcome });
    }
  };

  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(CSV_BOM + header(query.tz)));
      },
      async pull(controller) {
        try {
          const rows = await fetchPage(deps.db, where, { sort, dir: query.dir, after, backwards: false, limit: batchSize });
          opts.onBatch?.(rows.length);
          if (rows.length > 0) {
            let chunk = "";
            for (const r of rows) chunk += csvLine(r, query.tz);
            rowCount += rows.length;
            const last = rows[rows.length - 1]!;
            after = { value: last.sortValue, id: last.id };
            controller.enqueue(encoder.encode(chunk));
          }
          if (rows.length < batchSize) {
            await audit("completed");
            controller.close();
          }
        } catch (error) {
          await audit("failed");
          controller.error(error);
        }
      },
      async cancel() {
        await audit("aborted");
      },
    },
    // Nothing read ahead: the next batch is fetched only when the client has taken the previous one.
    { highWaterMark: 0 },
  );

  const [day, time] = formatInZone(deps.now(), query.tz).split(" ");
  return { filename: `transactions-${day}-${time!.slice(0, 5).replace(":", "")}.csv`, stream };
}

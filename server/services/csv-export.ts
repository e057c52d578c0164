// The streamed CSV exports' shared core (transactions, audit log): a ReadableStream that reads the next keyset
// batch only when the client has taken the previous one, and records the export in the audit log exactly once,
// when the stream ends (completed, aborted by the client, or failed).
// No `import "server-only"`: the ledger benchmark streams the transactions export too; it holds no secret.
import { CSV_BOM } from "@/lib/transactions/csv";
import { formatInZone } from "@/lib/transactions/zoned-time";
import { appendAuditNow, type AuditEntry } from "../audit/audit-log";
import type { Db } from "../db/client";
import { logger } from "../log/logger";

export type ExportOutcome = "completed" | "aborted" | "failed";

export interface CsvExportSpec<Row> {
  db: Db;
  /** The header line, without the byte-order mark. */
  header: string;
  batchSize: number;
  /** The next batch after the last one returned (the caller keeps its keyset position). */
  nextBatch(): Promise<Row[]>;
  line(row: Row): string;
  onBatch?(rows: number): void;
  /** The audit row to write when the stream ends. */
  auditEntry(outcome: ExportOutcome, rows: number): AuditEntry;
}

export function csvExportStream<Row>(spec: CsvExportSpec<Row>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let rowCount = 0;
  let audited = false;
  const audit = async (outcome: ExportOutcome) => {
    if (audited) return;
    audited = true;
    const entry = spec.auditEntry(outcome, rowCount);
    try {
      await appendAuditNow(spec.db, entry);
    } catch (error) {
      logger.error("export.audit_failed", {
        action: entry.action,
        error: error instanceof Error ? error.message : String(error),
        rows: rowCount,
        outcome,
      });
    }
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(CSV_BOM + spec.header));
      },
      async pull(controller) {
        try {
          const rows = await spec.nextBatch();
          spec.onBatch?.(rows.length);
          if (rows.length > 0) {
            let chunk = "";
            for (const r of rows) chunk += spec.line(r);
            rowCount += rows.length;
            controller.enqueue(encoder.encode(chunk));
          }
          if (rows.length < spec.batchSize) {
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
}

/** `transactions-2026-11-21-1405.csv`, in the user's time zone. */
export function exportFilename(prefix: string, now: Date, tz: string): string {
  const [day, time] = formatInZone(now, tz).split(" ");
  return `${prefix}-${day}-${time!.slice(0, 5).replace(":", "")}.csv`;
}

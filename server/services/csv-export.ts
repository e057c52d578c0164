// The streamed CSV exports' shared core (transactions, audit log): a pull-based ReadableStream that reads the next
// batch only when the client has taken the previous one (highWaterMark 0: nothing read ahead, so a slow client
// holds back the database reads and memory stays at one batch), writes each batch as ONE string and one encoded
// chunk, and records the export in the audit log exactly once, when the stream ends (completed, aborted by the
// client, or failed). The route hands this stream to Next.js, which waits for the socket's 'drain' before it
// pulls again: backpressure runs from the client's socket to the database cursor.
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
  /** The next batch after the last one returned (the caller keeps its position); empty at the end. */
  nextBatch(): Promise<Row[]>;
  line(row: Row): string;
  /** Releases what the reads hold (a cursor's connection): called once the stream ends, however it ends. */
  close?(): Promise<void>;
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
    try {
      await spec.close?.();
    } catch (error) {
      logger.error("export.close_failed", { error: error instanceof Error ? error.message : String(error) });
    }
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
            for (let i = 0; i < rows.length; i++) chunk += spec.line(rows[i]!);
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

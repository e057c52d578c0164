// CSV export of the audit log: every entry matching the filter, newest first, STREAMED from the database in
// keyset batches (one batch per pull, so memory stays flat however long the log is). Times in the user's time
// zone; cells escaped and formula-neutralised by the transactions export's helpers. The export is itself audited
// ("audit.export", with the filter and the row count) when the stream ends: completed, aborted or failed.
import "server-only";
import { auditFilterSummary, toAuditFilter, type AuditLogQuery } from "@/lib/schemas/admin-audit";
import { CSV_BOM, csvRow } from "@/lib/transactions/csv";
import { formatInZone } from "@/lib/transactions/zoned-time";
import { appendAuditNow } from "../../../audit/audit-log";
import { canonicalJson } from "../../../audit/chain";
import type { Principal } from "../../../auth/principal";
import type { AuditRow } from "../../../db/schema";
import { logger } from "../../../log/logger";
import type { ServiceDeps } from "../../deps";
import { requirePermission } from "../../require-permission";
import { auditConditions, fetchAuditPage } from "./audit-query";

export const AUDIT_EXPORT_BATCH_SIZE = 1_000;

export interface AuditExportOptions {
  ip?: string | null;
  batchSize?: number;
  /** Observes each batch read from the database (tests). */
  onBatch?: (rows: number) => void;
}

export interface AuditExport {
  filename: string;
  stream: ReadableStream<Uint8Array>;
}

function header(tz: string): string {
  return csvRow([`Time (${tz})`, "Entry", "Actor e-mail", "Actor ID", "Action", "Target type", "Target ID", "IP", "Summary", "Hash", "Previous hash"]);
}

export function auditCsvLine(r: AuditRow, tz: string): string {
  return csvRow([
    formatInZone(r.at, tz),
    r.id,
    r.actorEmail,
    r.actorId,
    r.action,
    r.targetType,
    r.targetId,
    r.ip,
    // Keys sorted, as the hash chain reads it: the same entry always exports the same text.
    canonicalJson(r.summary),
    r.hash,
    r.prevHash,
  ]);
}

export async function exportAuditLog(
  deps: Pick<ServiceDeps, "db" | "now">,
  principal: Principal,
  query: AuditLogQuery,
  opts: AuditExportOptions = {},
): Promise<AuditExport> {
  requirePermission(principal, "AUDIT_VIEW");
  const batchSize = opts.batchSize ?? AUDIT_EXPORT_BATCH_SIZE;
  const where = auditConditions(toAuditFilter(query));
  const encoder = new TextEncoder();
  // An export starts at the newest entry, whatever page the user was on: the cursor is ignored. Entries appended
  // while it streams (its own audit row included) are newer than its first batch and so are not in it.
  let afterId: number | null = null;
  let rowCount = 0;
  let audited = false;

  const audit = async (outcome: "completed" | "aborted" | "failed") => {
    if (audited) return;
    audited = true;
    try {
      await appendAuditNow(deps.db, {
        action: "audit.export",
        actorId: principal.userId,
        actorEmail: principal.email,
        ip: opts.ip ?? null,
        targetType: "audit_log",
        summary: { filter: auditFilterSummary(query), rows: rowCount, outcome },
      });
    } catch (error) {
      logger.error("audit.export_audit_failed", { error: error instanceof Error ? error.message : String(error), rows: rowCount, outcome });
    }
  };

  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(CSV_BOM + header(query.tz)));
      },
      async pull(controller) {
        try {
          const rows = await fetchAuditPage(deps.db, where, { afterId, backwards: false, limit: batchSize });
          opts.onBatch?.(rows.length);
          if (rows.length > 0) {
            let chunk = "";
            for (const r of rows) chunk += auditCsvLine(r, query.tz);
            rowCount += rows.length;
            afterId = rows[rows.length - 1]!.id;
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
  return { filename: `audit-log-${day}-${time!.slice(0, 5).replace(":", "")}.csv`, stream };
}

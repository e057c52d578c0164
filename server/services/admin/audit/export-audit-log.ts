// CSV export of the audit log: every entry matching the filter, newest first, STREAMED from the database in
// keyset batches (one batch per pull, so memory stays flat however long the log is). Times in the business
// time zone (REPORT_TIME_ZONE, named in the header); cells escaped and formula-neutralised by the transactions export's helpers. The export is itself audited
// ("audit.export", with the filter and the row count) when the stream ends: completed, aborted or failed.
import "server-only";
import { auditFilterSummary, toAuditFilter, type AuditLogQuery } from "@/lib/schemas/admin-audit";
import { csvRow } from "@/lib/transactions/csv";
import { formatInZone } from "@/lib/transactions/zoned-time";
import { canonicalJson } from "../../../audit/chain";
import type { AuditRow } from "../../../db/schema";
import type { AppConfig } from "../../../config";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { requirePermission } from "../../require-permission";
import { auditConditions, fetchAuditPage } from "./audit-query";
import { csvExportStream, exportFilename } from "../../csv-export";

export const AUDIT_EXPORT_BATCH_SIZE = 1_000;

export interface AuditExportOptions {
  batchSize?: number;
  /** Observes each batch read from the database (tests). */
  onBatch?: (rows: number) => void;
  /** The column headers in the downloader's language (English when absent). */
  headerWords?: AuditHeaderWords;
}

export interface AuditExport {
  filename: string;
  stream: ReadableStream<Uint8Array>;
}

/** The CSV's columns, in order: each one's key in the `exports` catalog (audit.<key>). */
export const AUDIT_CSV_COLUMNS = [
  "time",
  "entry",
  "actorEmail",
  "actorId",
  "action",
  "targetType",
  "targetId",
  "ip",
  "summary",
  "hash",
  "previousHash",
] as const;
export type AuditCsvColumn = (typeof AUDIT_CSV_COLUMNS)[number];

const ENGLISH_HEADERS: Record<AuditCsvColumn, string> = {
  time: "Time ({tz})",
  entry: "Entry",
  actorEmail: "Actor e-mail",
  actorId: "Actor ID",
  action: "Action",
  targetType: "Target type",
  targetId: "Target ID",
  ip: "IP",
  summary: "Summary",
  hash: "Hash",
  previousHash: "Previous hash",
};

/** A column's header in the reader's language ({tz}: the time zone of the times). */
export type AuditHeaderWords = (column: AuditCsvColumn, tz: string) => string;
const englishHeader: AuditHeaderWords = (c, tz) => ENGLISH_HEADERS[c].replace("{tz}", tz);

function header(tz: string, words: AuditHeaderWords = englishHeader): string {
  return csvRow(AUDIT_CSV_COLUMNS.map((c) => words(c, tz)));
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
  ctx: ServiceContext<Pick<ServiceDeps, "db" | "now"> & { config: Pick<AppConfig, "reportTimeZone"> }>,
  query: AuditLogQuery,
  opts: AuditExportOptions = {},
): Promise<AuditExport> {
  const { deps, principal, ip } = ctx;
  requirePermission(principal, "AUDIT_VIEW");
  const batchSize = opts.batchSize ?? AUDIT_EXPORT_BATCH_SIZE;
  const where = auditConditions(toAuditFilter(query));
  // An export starts at the newest entry, whatever page the user was on: the cursor is ignored. Entries appended
  // while it streams (its own audit row included) are newer than its first batch and so are not in it.
  let afterId: number | null = null;
  // The entries are those the page shows (its filter, in the reader's zone); the times are the business zone's,
  // named in the header.
  const zone = deps.config.reportTimeZone;
  const stream = csvExportStream({
    db: deps.db,
    header: header(zone, opts.headerWords),
    batchSize,
    async nextBatch() {
      const rows = await fetchAuditPage(deps.db, where, { afterId, backwards: false, limit: batchSize });
      afterId = rows.at(-1)?.id ?? afterId;
      return rows;
    },
    line: (r) => auditCsvLine(r, zone),
    onBatch: opts.onBatch,
    auditEntry: (outcome, rows) => ({
      action: "audit.export",
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      targetType: "audit_log",
      summary: { filter: auditFilterSummary(query), rows, outcome },
    }),
  });
  return { filename: exportFilename("audit-log", deps.now(), zone), stream };
}

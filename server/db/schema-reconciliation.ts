// Settlement reconciliation: the acquirers' file layouts finance have mapped, the settlement files imported, and
// their lines as the files wrote them. An imported file is kept whole with its SHA-256 (the same file is never
// imported twice) and its lines with their typed values (what matching and fee checks read) beside the file's own
// text (what finance compare with the acquirer's copy). Settlement records are financial records: kept with the
// ledger (no retention rule). No `import "server-only"`: drizzle-kit reads it.
import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { SettlementLayout } from "@/lib/reconciliation/settlement-layout";
import { payments, users } from "./schema";

/** A saved column mapping, by name ("Al Rajhi daily report"): the next file of that acquirer needs no mapping. */
export const settlementLayouts = pgTable(
  "settlement_layouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** The layout without its name (columns, date format, zone, decimal separator, currency). */
    layout: jsonb("layout").$type<Omit<SettlementLayout, "name">>().notNull(),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("settlement_layouts_name_unique").on(sql`lower(${t.name})`)],
);

/** One imported settlement file. */
export const settlementFiles = pgTable(
  "settlement_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The file's name as uploaded (shown to people; never used as a path). */
    filename: text("filename").notNull(),
    format: text("format").notNull(),
    /** Hex SHA-256 of every byte: the same file imported again is refused. */
    sha256: text("sha256").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    layoutId: uuid("layout_id").references(() => settlementLayouts.id),
    /** The layout as it was when the file was read (a layout edited later does not change what was imported). */
    layout: jsonb("layout").$type<SettlementLayout>().notNull(),
    lineCount: integer("line_count").notNull(),
    importedBy: uuid("imported_by").references(() => users.id),
    importedAt: timestamp("imported_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("settlement_files_sha256_unique").on(t.sha256),
    index("settlement_files_imported_idx").on(t.importedAt),
    check("settlement_files_format_check", sql`${t.format} in ('csv', 'xlsx')`),
  ],
);

/** A line of an imported file. Amounts in minor units; a refund or reversal is negative. */
export const settlementLines = pgTable(
  "settlement_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fileId: uuid("file_id")
      .notNull()
      .references(() => settlementFiles.id),
    /** The line's number in the file (the header is line 1). */
    line: integer("line").notNull(),
    transactionAt: timestamp("transaction_at", { withTimezone: true, mode: "date" }).notNull(),
    settlementDate: date("settlement_date", { mode: "string" }),
    currency: text("currency").notNull(),
    grossMinor: bigint("gross_minor", { mode: "number" }).notNull(),
    feeMinor: bigint("fee_minor", { mode: "number" }),
    vatMinor: bigint("vat_minor", { mode: "number" }),
    netMinor: bigint("net_minor", { mode: "number" }),
    rrn: text("rrn"),
    gatewayId: text("gateway_id"),
    cardLast4: text("card_last4"),
    cardBrand: text("card_brand"),
    terminalId: text("terminal_id"),
    authCode: text("auth_code"),
    batchRef: text("batch_ref"),
    /** Every cell of the line by its header, as the file wrote it. */
    raw: jsonb("raw").$type<Record<string, string>>().notNull(),
    /** The ledger's payment this line is about, once matched (by RRN, then by the gateway's id). */
    paymentId: uuid("payment_id").references(() => payments.id),
    /** How it was matched: 'rrn' or 'gateway_id'; null while it is not. */
    matchRule: text("match_rule"),
    /** matched, amount_mismatch, duplicate, not_in_ledger; null until the file is matched. */
    matchState: text("match_state"),
  },
  (t) => [
    uniqueIndex("settlement_lines_file_line_unique").on(t.fileId, t.line),
    index("settlement_lines_payment_idx").on(t.paymentId),
    check("settlement_lines_match_rule_check", sql`${t.matchRule} in ('rrn', 'gateway_id')`),
    check("settlement_lines_match_state_check", sql`${t.matchState} in ('matched', 'amount_mismatch', 'duplicate', 'not_in_ledger')`),
    index("settlement_lines_rrn_idx").on(t.rrn),
    index("settlement_lines_gateway_id_idx").on(t.gatewayId),
    index("settlement_lines_batch_idx").on(t.batchRef),
    index("settlement_lines_transaction_idx").on(t.transactionAt),
  ],
);

/**
 * What finance must look at: a settlement line the ledger does not know, a line whose amount disagrees with the
 * payment, a payment settled twice, a captured payment no file has listed past its settlement lag. One open item per kind and line; resolving one (with a reason) comes with the
 * exceptions queue.
 */
export const reconciliationExceptions = pgTable(
  "reconciliation_exceptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    fileId: uuid("file_id").references(() => settlementFiles.id),
    lineId: uuid("line_id").references(() => settlementLines.id),
    paymentId: uuid("payment_id").references(() => payments.id),
    /** What was expected and what the file says, in minor units (amount_mismatch), or the earlier line (duplicate). */
    detail: jsonb("detail").$type<Record<string, string | number | null>>().notNull().default({}),
    state: text("state").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** How it ended: 'settled_late' when a later file listed the payment after all. */
    resolution: text("resolution"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("reconciliation_exceptions_open_idx").on(t.state, t.kind, t.createdAt),
    uniqueIndex("reconciliation_exceptions_line_unique").on(t.kind, t.lineId),
    // One open "not in any file" item per payment, however many imports look for it.
    uniqueIndex("reconciliation_exceptions_unsettled_unique")
      .on(t.paymentId)
      .where(sql`${t.kind} = 'not_in_file' and ${t.state} = 'open'`),
    check("reconciliation_exceptions_kind_check", sql`${t.kind} in ('not_in_ledger', 'amount_mismatch', 'duplicate', 'not_in_file')`),
    check("reconciliation_exceptions_state_check", sql`${t.state} in ('open', 'resolved')`),
  ],
);

export type ReconciliationExceptionRow = typeof reconciliationExceptions.$inferSelect;
export type SettlementFileRow = typeof settlementFiles.$inferSelect;
export type SettlementLineRow = typeof settlementLines.$inferSelect;

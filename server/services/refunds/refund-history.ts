// The Refunds page's history (every refund not waiting for approval): filtered as lib/schemas/refund-list.ts says,
// one keyset page at a time (newest first by created_at, then id: never OFFSET, so a page deep in the history costs
// what the first does), the requesters who can be filtered on, and the CSV export of everything that matches
// (keyset batches, times in the business zone, named in the header; the export is audited when it ends).
import "server-only";
import { and, asc, desc, eq, gte, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { actionStateText, reasonText, type VocabTranslator } from "@/lib/i18n/vocab";
import { ledgerDecimal } from "@/lib/transactions/format";
import { csvRow } from "@/lib/transactions/csv";
import { formatInZone } from "@/lib/transactions/zoned-time";
import {
  decodeRefundCursor,
  encodeRefundCursor,
  refundFilterSummary,
  toRefundFilter,
  type RefundFilter,
  type RefundListQuery,
} from "@/lib/schemas/refund-list";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { containsPattern } from "../../db/like-pattern";
import { paymentActions, payments, users } from "../../db/schema";
import { AppError } from "../../errors";
import { csvExportStream, exportFilename } from "../csv-export";
import type { ServiceContext, ServiceDeps } from "../deps";
import { requirePermission } from "../require-permission";

const requester = alias(users, "requester");
const approver = alias(users, "approver");
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// created_at as the database keeps it (microseconds): the cursor compares exactly, where a JS Date (milliseconds)
// would skip or repeat rows made within the same millisecond.
const atKey = sql<string>`to_char(${paymentActions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const columns = {
  id: paymentActions.id,
  paymentId: paymentActions.paymentId,
  orderId: payments.orderId,
  state: paymentActions.state,
  amountMinor: paymentActions.amountMinor,
  currency: paymentActions.currency,
  reasonCode: paymentActions.reasonCode,
  note: paymentActions.note,
  outcomeMessage: paymentActions.outcomeMessage,
  requestedBy: requester.name,
  requestedById: paymentActions.requestedBy,
  approvedBy: approver.name,
  createdAt: paymentActions.createdAt,
  atKey,
};

export type RefundHistoryRow = Awaited<ReturnType<typeof selectRows>>[number];

function conditions(f: RefundFilter): SQL | undefined {
  const c: Array<SQL | undefined> = [eq(paymentActions.type, "refund"), ne(paymentActions.state, "pending_approval")];
  if (f.state) c.push(eq(paymentActions.state, f.state));
  if (f.requesterId) c.push(eq(paymentActions.requestedBy, f.requesterId));
  if (f.currency) c.push(eq(paymentActions.currency, f.currency));
  if (f.minMinor !== undefined) c.push(gte(paymentActions.amountMinor, f.minMinor));
  if (f.maxMinor !== undefined) c.push(lte(paymentActions.amountMinor, f.maxMinor));
  if (f.from) c.push(gte(paymentActions.createdAt, f.from));
  if (f.before) c.push(lt(paymentActions.createdAt, f.before));
  if (f.search) {
    const like = containsPattern(f.search);
    const byText = [
      sql`lower(${payments.orderId}) like ${like}`,
      sql`lower(${requester.name}) like ${like}`,
      sql`lower(${requester.email}) like ${like}`,
      sql`lower(coalesce(${paymentActions.note}, '')) like ${like}`,
    ];
    // A payment's or a refund's id, pasted whole.
    const byId = UUID_RE.test(f.search)
      ? [eq(paymentActions.paymentId, f.search.toLowerCase()), eq(paymentActions.id, f.search.toLowerCase())]
      : [];
    c.push(or(...byText, ...byId));
  }
  return and(...c);
}

function selectRows(db: Db, where: SQL | undefined, after: { at: string; id: string } | null, backwards: boolean, limit: number) {
  const keyset =
    after === null
      ? undefined
      : backwards
        ? sql`(${paymentActions.createdAt}, ${paymentActions.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
        : sql`(${paymentActions.createdAt}, ${paymentActions.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`;
  const order = backwards
    ? [asc(paymentActions.createdAt), asc(paymentActions.id)]
    : [desc(paymentActions.createdAt), desc(paymentActions.id)];
  return db
    .select(columns)
    .from(paymentActions)
    .innerJoin(payments, eq(payments.id, paymentActions.paymentId))
    .innerJoin(requester, eq(requester.id, paymentActions.requestedBy))
    .leftJoin(approver, eq(approver.id, paymentActions.approvedBy))
    .where(and(where, keyset))
    .orderBy(...order)
    .limit(limit);
}

function requireRefundsView(ctx: ServiceContext<Pick<ServiceDeps, "db">>) {
  const can = ctx.principal.permissions;
  if (!can.has("REFUNDS_CREATE") && !can.has("REFUNDS_APPROVE")) throw new AppError("forbidden", "auth.forbidden");
}

export interface RefundHistoryPage {
  rows: RefundHistoryRow[];
  /** The cursors of the neighbouring pages, null at an end. */
  prevCursor: string | null;
  nextCursor: string | null;
}

export async function listRefundHistory(ctx: ServiceContext<Pick<ServiceDeps, "db">>, query: RefundListQuery): Promise<RefundHistoryPage> {
  requireRefundsView(ctx);
  const cursor = query.cursor ? decodeRefundCursor(query.cursor) : null;
  const backwards = cursor?.d === "prev";
  const fetched = await selectRows(ctx.deps.db, conditions(toRefundFilter(query)), cursor, backwards, query.size + 1);
  const more = fetched.length > query.size;
  const rows = fetched.slice(0, query.size);
  if (backwards) rows.reverse();
  const first = rows[0];
  const last = rows.at(-1);
  const hasPrev = backwards ? more : cursor !== null;
  const hasNext = backwards ? true : more;
  return {
    rows,
    prevCursor: hasPrev && first ? encodeRefundCursor({ d: "prev", at: first.atKey, id: first.id }) : null,
    nextCursor: hasNext && last ? encodeRefundCursor({ d: "next", at: last.atKey, id: last.id }) : null,
  };
}

/** The people who requested a refund (the requester filter's choices), by name. */
export async function refundRequesters(
  ctx: ServiceContext<Pick<ServiceDeps, "db">>,
): Promise<Array<{ id: string; name: string; email: string }>> {
  requireRefundsView(ctx);
  return ctx.deps.db
    .selectDistinct({ id: users.id, name: users.name, email: users.email })
    .from(paymentActions)
    .innerJoin(users, eq(users.id, paymentActions.requestedBy))
    .where(eq(paymentActions.type, "refund"))
    .orderBy(asc(users.name), asc(users.email))
    .limit(500);
}

export const REFUND_CSV_COLUMNS = [
  "requested",
  "orderId",
  "paymentId",
  "amount",
  "currency",
  "state",
  "reason",
  "note",
  "requestedBy",
  "decidedBy",
] as const;
export type RefundCsvColumn = (typeof REFUND_CSV_COLUMNS)[number];

export interface RefundExportWords {
  /** A column's header ({tz}: the zone of the times). */
  header(column: RefundCsvColumn, tz: string): string;
  vocab: VocabTranslator;
}

export const REFUND_EXPORT_BATCH_SIZE = 1_000;

/** Every refund of the history that matches the filter, newest first, as a CSV stream. */
export async function exportRefundHistory(
  ctx: ServiceContext<Pick<ServiceDeps, "db" | "now"> & { config: Pick<AppConfig, "reportTimeZone"> }>,
  query: RefundListQuery,
  words: RefundExportWords,
  opts: { batchSize?: number } = {},
): Promise<{ filename: string; stream: ReadableStream<Uint8Array> }> {
  const { deps, principal, ip } = ctx;
  requireRefundsView(ctx);
  requirePermission(principal, "TRANSACTIONS_EXPORT");
  const zone = deps.config.reportTimeZone;
  const batchSize = opts.batchSize ?? REFUND_EXPORT_BATCH_SIZE;
  const where = conditions(toRefundFilter(query));
  let after: { at: string; id: string } | null = null;
  const stream = csvExportStream<RefundHistoryRow>({
    db: deps.db,
    header: csvRow(REFUND_CSV_COLUMNS.map((c) => words.header(c, zone))),
    batchSize,
    async nextBatch() {
      const rows = await selectRows(deps.db, where, after, false, batchSize);
      const last = rows.at(-1);
      if (last) after = { at: last.atKey, id: last.id };
      return rows;
    },
    line: (r) =>
      csvRow([
        formatInZone(r.createdAt, zone),
        r.orderId,
        r.paymentId,
        ledgerDecimal(r.amountMinor, r.currency),
        r.currency,
        actionStateText(words.vocab, r.state),
        r.reasonCode ? reasonText(words.vocab, r.reasonCode) : "",
        r.note ?? "",
        r.requestedBy,
        r.approvedBy ?? "",
      ]),
    auditEntry: (outcome, rows) => ({
      action: "refunds.export",
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      targetType: "refunds",
      summary: { filter: refundFilterSummary(query), rows, outcome },
    }),
  });
  return { filename: exportFilename("refunds", deps.now(), zone), stream };
}

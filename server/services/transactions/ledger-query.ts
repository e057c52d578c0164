// The ledger query behind the transactions list and its CSV export: the filter as SQL conditions, and one keyset
// page (WHERE (sort value, id) beyond the cursor ORDER BY sort value, id LIMIT n). Never OFFSET: the millionth
// row's page costs what the first does, on the (created_at, id) index.
// No `import "server-only"`: the ledger benchmark (scripts/bench-ledger.ts) runs it too; it holds no secret.
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Cursor, SortKey } from "@/lib/transactions/cursor";
import type { TransactionFilter } from "@/lib/transactions/list-query";
import { amountGroups, isLast4, searchAmounts } from "@/lib/transactions/search";
import type { Db } from "../../db/client";
import { likeEscape } from "../../db/like-pattern";
import { paymentNotes, payments } from "../../db/schema";
import { activityCondition } from "./activity-condition";
import { brandKey } from "@/lib/card-label";

/** The columns the list and the export read: never tokens, BIN or expiry. */
export const listColumns = {
  id: payments.id,
  orderId: payments.orderId,
  gatewayId: payments.gatewayId,
  kind: payments.kind,
  intent: payments.intent,
  status: payments.status,
  currency: payments.currency,
  amountMinor: payments.amountMinor,
  authorizedMinor: payments.authorizedMinor,
  capturedMinor: payments.capturedMinor,
  refundedMinor: payments.refundedMinor,
  description: payments.description,
  payerName: payments.payerName,
  payerEmail: payments.payerEmail,
  cardBrand: payments.cardBrand,
  cardLast4: payments.cardLast4,
  branchId: payments.branchId,
  createdAt: payments.createdAt,
};

export interface TransactionRow {
  id: string;
  orderId: string;
  gatewayId: string | null;
  kind: string;
  /** 'sale' or 'authorize' (an authorize-only payment: the Type column says "Authorization"). */
  intent: string;
  status: string;
  currency: string;
  amountMinor: number;
  authorizedMinor: number;
  capturedMinor: number;
  refundedMinor: number;
  description: string | null;
  payerName: string | null;
  payerEmail: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  branchId: string | null;
  createdAt: Date;
  /** The sort column as Postgres prints it (created_at keeps its microseconds): the next cursor's value. */
  sortValue: string;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** LIKE pattern for "contains": %, _ and \ in the user's text match themselves. */
function containsPattern(text: string): string {
  return `%${likeEscape(text)}%`;
}

export function filterConditions(f: TransactionFilter, ids?: readonly string[]): SQL | undefined {
  const c: Array<SQL | undefined> = [];
  if (ids?.length) c.push(inArray(payments.id, [...ids]));
  if (f.statuses.length) c.push(inArray(payments.status, f.statuses));
  if (f.kind) c.push(eq(payments.kind, f.kind));
  if (f.createdFrom) c.push(gte(payments.createdAt, f.createdFrom));
  if (f.createdBefore) c.push(lt(payments.createdAt, f.createdBefore));
  if (f.currency) c.push(eq(payments.currency, f.currency));
  if (f.amountMinMinor !== undefined) c.push(gte(payments.amountMinor, f.amountMinMinor));
  if (f.amountMaxMinor !== undefined) c.push(lte(payments.amountMinor, f.amountMaxMinor));
  if (f.orderId) c.push(eq(payments.orderId, f.orderId));
  // E-mails are compared without case: the address a customer typed may differ in case from the search.
  if (f.email) c.push(sql`lower(${payments.payerEmail}) = ${f.email.toLowerCase()}`);
  if (f.last4) c.push(eq(payments.cardLast4, f.last4));
  if (f.branchId !== undefined) c.push(f.branchId === null ? isNull(payments.branchId) : eq(payments.branchId, f.branchId));
  // Every spelling of the brand ("VC", "Visa", "VISA"), as the rollup counts them (migration 0020).
  if (f.brand !== undefined) {
    const key = brandKey(f.brand);
    c.push(key === null ? sql`ledger_brand_key(${payments.cardBrand}) is null` : sql`ledger_brand_key(${payments.cardBrand}) = ${key}`);
  }
  if (f.activity) c.push(activityCondition(f.activity, f.activityFrom, f.activityBefore));
  if (f.search) c.push(searchCondition(f.search, f.currency));
  return and(...c);
}

/**
 * Free text: part of an order id, gateway id or e-mail, a whole payment id, an amount in a currency's units (the
 * amount asked or the amount captured: "275" finds SAR 275.00 and JPY 275), or a card's last four digits.
 */
function searchCondition(search: string, currency: TransactionFilter["currency"]): SQL | undefined {
  const pattern = containsPattern(search);
  const amounts = amountGroups(searchAmounts(search, currency) ?? []).map(({ minor, currencies }) =>
    and(inArray(payments.currency, currencies), or(eq(payments.amountMinor, minor), eq(payments.capturedMinor, minor))),
  );
  return or(
    UUID_RE.test(search) ? eq(payments.id, search.toLowerCase()) : undefined,
    ilike(payments.orderId, pattern),
    ilike(payments.gatewayId, pattern),
    ilike(payments.payerEmail, pattern),
    isLast4(search) ? eq(payments.cardLast4, search.trim()) : undefined,
    // Staff's notes on a payment ("customer called about a double charge"): uncorrelated, so PostgreSQL runs it
    // once (a hashed subplan) however many payments the list scans.
    inArray(payments.id, sql`(select ${paymentNotes.paymentId} from ${paymentNotes} where ${ilike(paymentNotes.body, pattern)})`),
    ...amounts,
  );
}

const SORT = {
  created: { column: payments.createdAt, text: sql<string>`${payments.createdAt}::text`, cast: sql.raw("timestamptz") },
  amount: { column: payments.amountMinor, text: sql<string>`${payments.amountMinor}::text`, cast: sql.raw("bigint") },
} as const;

export interface PageSpec {
  sort: SortKey;
  dir: "asc" | "desc";
  /** Rows strictly beyond this (sort value, id) in the scan order; null starts at the beginning. */
  after: { value: string; id: string } | null;
  /** Scan backwards (the "Previous" page): order and comparison flip; the caller reverses the rows. */
  backwards: boolean;
  limit: number;
}

/** The keyset condition beyond `after` and the ORDER BY of a scan in one direction. */
function keysetScan(sort: SortKey, after: PageSpec["after"], ascending: boolean) {
  const s = SORT[sort];
  const keyset = after
    ? ascending
      ? sql`(${s.column}, ${payments.id}) > (${after.value}::${s.cast}, ${after.id}::uuid)`
      : sql`(${s.column}, ${payments.id}) < (${after.value}::${s.cast}, ${after.id}::uuid)`
    : undefined;
  const order = ascending ? [asc(s.column), asc(payments.id)] : [desc(s.column), desc(payments.id)];
  return { keyset, order };
}

/** One keyset page as a Drizzle query (not yet run): tests read its SQL. */
export function pageQuery(db: Db, where: SQL | undefined, spec: PageSpec) {
  const { keyset, order } = keysetScan(spec.sort, spec.after, (spec.dir === "asc") !== spec.backwards);
  return db
    .select({ ...listColumns, sortValue: SORT[spec.sort].text })
    .from(payments)
    .where(and(where, keyset))
    .orderBy(...order)
    .limit(spec.limit);
}

/**
 * The CSV export's columns in the file's order, as types every driver hands over without a parser: the creation
 * time as whole epoch milliseconds (what a JS Date keeps of it), the amounts as float8 (exact for every safe
 * integer, as the list's Number() is), the rest as text.
 */
const EXPORT_COLUMNS = {
  createdMs: sql<number>`floor(extract(epoch from ${payments.createdAt}) * 1000)::float8`,
  id: sql<string>`${payments.id}::text`,
  orderId: payments.orderId,
  gatewayId: payments.gatewayId,
  kind: payments.kind,
  status: payments.status,
  amountMinor: sql<number>`${payments.amountMinor}::float8`,
  currency: payments.currency,
  capturedMinor: sql<number>`${payments.capturedMinor}::float8`,
  refundedMinor: sql<number>`${payments.refundedMinor}::float8`,
  payerName: payments.payerName,
  payerEmail: payments.payerEmail,
  cardBrand: payments.cardBrand,
  cardLast4: payments.cardLast4,
  branchId: payments.branchId,
  description: payments.description,
};

/** An export row as `exportQuery` selects it (a row array, not an object). */
export type ExportRow = [
  createdMs: number,
  id: string,
  orderId: string,
  gatewayId: string | null,
  kind: string,
  status: string,
  amountMinor: number,
  currency: string,
  capturedMinor: number,
  refundedMinor: number,
  payerName: string | null,
  payerEmail: string | null,
  cardBrand: string | null,
  cardLast4: string | null,
  branchId: string | null,
  description: string | null,
  /** Only with a limit (keyset batches): the sort column as Postgres prints it, for the next batch's cursor. */
  sortValue?: string,
];

/**
 * The export's query, in the list's order: every matching row (`limit` null: one query read through a cursor), or
 * one keyset batch beyond `after` with the sort value appended to each row.
 */
export function exportQuery(db: Db, where: SQL | undefined, spec: Omit<PageSpec, "backwards" | "limit"> & { limit: number | null }) {
  const { keyset, order } = keysetScan(spec.sort, spec.after, spec.dir === "asc");
  const columns = spec.limit === null ? EXPORT_COLUMNS : { ...EXPORT_COLUMNS, sortValue: SORT[spec.sort].text };
  const query = db
    .select(columns)
    .from(payments)
    .where(and(where, keyset))
    .orderBy(...order);
  return (spec.limit === null ? query : query.limit(spec.limit)).toSQL();
}

export async function fetchPage(db: Db, where: SQL | undefined, spec: PageSpec): Promise<TransactionRow[]> {
  const rows = await pageQuery(db, where, spec);
  return spec.backwards ? rows.reverse() : rows;
}

/**
 * How many rows match, counting at most `limit + 1` of them (a LIMIT in a subquery): exact up to the limit, and
 * "more" beyond it, at a bounded cost however wide the filter is.
 */
export async function countMatching(db: Db, where: SQL | undefined, limit: number): Promise<number> {
  const matching = db
    .select({ one: sql<number>`1`.as("one") })
    .from(payments)
    .where(where)
    .limit(limit + 1)
    .as("matching");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  return Number(row?.n ?? 0);
}

export function cursorFor(sort: SortKey, row: TransactionRow, d: Cursor["d"]): Cursor {
  return { s: sort, v: row.sortValue, id: row.id, d } as Cursor;
}

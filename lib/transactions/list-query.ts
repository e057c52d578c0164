// The transactions list's query: one zod schema for the URL (the page's GET form, shared links, saved views) and
// for GET /api/transactions and its CSV export, plus the canonical query string that links and views are built
// from. Dates are calendar days in the user's IANA time zone; amounts are exact decimals in the chosen currency.
import { z } from "zod";
import { CURRENCY_CODES, currencyDigits, decimalToMinor, type CurrencyCode } from "@/lib/money";
import { PAYMENT_STATUSES, type PaymentStatus } from "@/lib/payment-status";
import { COLUMN_IDS, DEFAULT_COLUMNS, isColumnId, type ColumnId } from "./columns";
import { decodeCursor, SORT_KEYS, type SortKey } from "./cursor";
import { calendarDayParam, list, single, textParam, timeZoneParam } from "@/lib/schemas/query-params";
import { nextCalendarDate, startOfDayInZone } from "./zoned-time";
import { ACTIVITIES, type Activity } from "@/lib/reports/activity";
import { emailAddress } from "@/lib/schemas/email";

/**
 * The schema's messages (English; the API answers with them). The list page shows each in the reader's language
 * from messages/<lang>/transactions.json `filterErrors.<key>`: listQueryMessageKey finds the key of an issue.
 */
export const LIST_QUERY_MESSAGES = {
  amountFormat: "Enter an amount such as 150 or 150.75.",
  status: "Choose a status from the list.",
  type: "Choose a type from the list.",
  currency: "Choose a currency from the list.",
  email: "Enter a whole e-mail address (use Search for part of one).",
  last4: "Enter the card's last 4 digits.",
  activity: "Choose an activity from the list.",
  brand: "Choose a card brand from the list.",
  size: "Choose 25, 50 or 100 rows.",
  amountNeedsCurrency: "Choose a currency to filter by amount.",
  currencyForAmount: "Choose a currency: the amount filter is in its units.",
  amountOrder: "The largest amount is below the smallest.",
  dateOrder: "The end date is before the start date.",
  staleCursor: "This page link is out of date. Start again from the first page.",
  date: "Enter a date as YYYY-MM-DD.",
  timeZone: "Unknown time zone.",
  searchTooLong: "The search is too long.",
  orderIdTooLong: "The order ID is too long.",
  branchTooLong: "The branch is too long.",
} as const;
export type ListQueryMessageKey = keyof typeof LIST_QUERY_MESSAGES | "decimals";
const M = LIST_QUERY_MESSAGES;

/** The catalog key (and values) of one of this schema's issues, or null for a message it does not know. */
export function listQueryMessageKey(issue: {
  message: string;
  code?: string;
  params?: Record<string, unknown>;
}): { key: ListQueryMessageKey; values: Record<string, string | number> } | null {
  const p = issue.params;
  if (p && p.i18n === "decimals") return { key: "decimals", values: { currency: String(p.currency), digits: Number(p.digits) } };
  const key = (Object.keys(M) as Array<keyof typeof M>).find((k) => M[k] === issue.message);
  return key ? { key, values: {} } : null;
}

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_EXPORT_IDS = 500;

type Raw = string | string[] | undefined;

const decimal = z.preprocess(
  single,
  z
    .string()
    .regex(/^\d{1,15}(\.\d{1,6})?$/, M.amountFormat)
    .optional(),
);

export const listQueryFields = z.object({
  q: textParam(100, "The search"),
  status: z.preprocess(list, z.array(z.enum(PAYMENT_STATUSES, M.status)).max(PAYMENT_STATUSES.length)),
  type: z.preprocess(
    single,
    z
      .string()
      .regex(/^[a-z0-9_]{1,32}$/, M.type)
      .optional(),
  ),
  from: calendarDayParam,
  to: calendarDayParam,
  tz: timeZoneParam,
  currency: z.preprocess(single, z.enum(CURRENCY_CODES, M.currency).optional()),
  amountMin: decimal,
  amountMax: decimal,
  orderId: textParam(128, "The order ID"),
  email: z.preprocess(single, z.string().max(254).pipe(emailAddress(M.email)).optional()),
  last4: z.preprocess(
    single,
    z
      .string()
      .regex(/^\d{4}$/, M.last4)
      .optional(),
  ),
  branch: textParam(64, "The branch"),
  // A figure's link from the Overview: the payments that had this event in the from/to days (lib/reports/activity.ts).
  activity: z.preprocess(single, z.enum(ACTIVITIES, M.activity).optional()),
  // A card brand as the ledger spells it (VC, MC, MADA …), or "none" for payments whose brand is not known.
  brand: z.preprocess(
    single,
    z
      .string()
      .regex(/^[A-Za-z0-9_ -]{1,32}$/, M.brand)
      .optional(),
  ),
  sort: z.preprocess(single, z.enum(SORT_KEYS).default("created")),
  dir: z.preprocess(single, z.enum(["asc", "desc"]).default("desc")),
  cursor: z.preprocess(single, z.string().max(200).optional()),
  size: z.preprocess(single, z.enum(["25", "50", "100"], M.size).transform(Number).default(DEFAULT_PAGE_SIZE)),
  // Unknown column names (an old shared link) are dropped rather than refused.
  cols: z.preprocess((v) => list(v).filter((c) => typeof c === "string" && isColumnId(c)), z.array(z.enum(COLUMN_IDS))),
});

type Fields = z.output<typeof listQueryFields>;

function checkQuery(v: Fields, ctx: z.RefinementCtx) {
  for (const key of ["amountMin", "amountMax"] as const) {
    const amount = v[key];
    if (amount === undefined) continue;
    if (!v.currency) ctx.addIssue({ code: "custom", path: [key], message: M.amountNeedsCurrency });
    else if (decimalToMinor(amount, v.currency) === null) {
      ctx.addIssue({
        code: "custom",
        path: [key],
        message: `${v.currency} amounts have at most ${currencyDigits(v.currency)} decimal places.`,
        params: { i18n: "decimals", currency: v.currency, digits: currencyDigits(v.currency) },
      });
    }
  }
  // The currency field says so too: it is the field to fix.
  if (!v.currency && (v.amountMin !== undefined || v.amountMax !== undefined))
    ctx.addIssue({ code: "custom", path: ["currency"], message: M.currencyForAmount });
  if (v.currency && v.amountMin && v.amountMax) {
    const [lo, hi] = [decimalToMinor(v.amountMin, v.currency), decimalToMinor(v.amountMax, v.currency)];
    if (lo !== null && hi !== null && lo > hi) ctx.addIssue({ code: "custom", path: ["amountMax"], message: M.amountOrder });
  }
  if (v.from && v.to && v.from > v.to) ctx.addIssue({ code: "custom", path: ["to"], message: M.dateOrder });
  if (v.cursor !== undefined) {
    const c = decodeCursor(v.cursor);
    if (!c || c.s !== v.sort) ctx.addIssue({ code: "custom", path: ["cursor"], message: M.staleCursor });
  }
}

export const transactionListQuerySchema = listQueryFields.superRefine(checkQuery);
export type TransactionListQuery = z.output<typeof transactionListQuerySchema>;
export type TransactionListQueryInput = Record<string, Raw>;

/**
 * GET /api/transactions/export: every row matching the filter (scope "all"), or only the rows ticked on the page
 * (scope "selected", `ids` repeated; the scope makes "export selected" with nothing ticked an error, not everything).
 */
export const transactionExportQuerySchema = listQueryFields
  .extend({
    scope: z.preprocess(single, z.enum(["all", "selected"]).default("all")),
    ids: z.preprocess(
      list,
      z
        .array(z.uuid("A selected row is not a payment ID."))
        .max(MAX_EXPORT_IDS, `Select at most ${MAX_EXPORT_IDS} rows, or export everything that matches the filter.`),
    ),
  })
  .superRefine((v, ctx) => {
    checkQuery(v, ctx);
    if (v.scope === "selected" && v.ids.length === 0)
      ctx.addIssue({ code: "custom", path: ["ids"], message: "Select at least one row to export." });
  });
export type TransactionExportQuery = z.output<typeof transactionExportQuerySchema>;

/** What the database is asked: the query turned into exact bounds (instants, minor units). */
export interface TransactionFilter {
  search?: string;
  statuses: PaymentStatus[];
  kind?: string;
  /** created_at ≥ this instant (start of the `from` day in the zone). */
  createdFrom?: Date;
  /** created_at < this instant (start of the day after `to`). */
  createdBefore?: Date;
  currency?: CurrencyCode;
  amountMinMinor?: number;
  amountMaxMinor?: number;
  orderId?: string;
  email?: string;
  last4?: string;
  /** A branch id; null: payments made without a branch ("none" in the URL). */
  branchId?: string | null;
  /** A card brand as the ledger spells it; null: the brand is not known. */
  brand?: string | null;
  /**
   * Payments that had this event — in [activityFrom, activityBefore) when set: a capture, refund or void when it
   * completed, anything else when the payment was made. The date filter then bounds the event, not created_at.
   */
  activity?: Activity;
  activityFrom?: Date;
  activityBefore?: Date;
}

export function toFilter(q: TransactionListQuery): TransactionFilter {
  const from = q.from ? startOfDayInZone(q.from, q.tz) : undefined;
  const before = q.to ? startOfDayInZone(nextCalendarDate(q.to), q.tz) : undefined;
  const minor = (amount: string | undefined) =>
    amount !== undefined && q.currency ? (decimalToMinor(amount, q.currency) ?? undefined) : undefined;
  return {
    search: q.q,
    statuses: q.status,
    kind: q.type,
    ...(q.activity ? { activity: q.activity, activityFrom: from, activityBefore: before } : { createdFrom: from, createdBefore: before }),
    currency: q.currency,
    amountMinMinor: minor(q.amountMin),
    amountMaxMinor: minor(q.amountMax),
    orderId: q.orderId,
    email: q.email?.toLowerCase(),
    last4: q.last4,
    branchId: q.branch === undefined ? undefined : q.branch.toLowerCase() === "none" ? null : q.branch,
    ...(q.brand ? { brand: q.brand.toLowerCase() === "none" ? null : q.brand } : {}),
  };
}

export function columnsOf(q: Pick<TransactionListQuery, "cols">): ColumnId[] {
  return q.cols.length ? COLUMN_IDS.filter((c) => q.cols.includes(c)) : [...DEFAULT_COLUMNS];
}

/** Whether any filter (not sort, paging or columns) is set. */
export function hasFilter(q: TransactionListQuery): boolean {
  return Boolean(
    q.q ||
    q.status.length ||
    q.type ||
    q.from ||
    q.to ||
    q.currency ||
    q.amountMin ||
    q.amountMax ||
    q.orderId ||
    q.email ||
    q.last4 ||
    q.branch ||
    q.activity ||
    q.brand,
  );
}

/**
 * The canonical query string: fixed key order, defaults left out, so equal filters give equal URLs (shared
 * links, saved views, the page's redirect after a GET form leaves empty fields in the URL).
 */
export function toQueryString(
  q: TransactionListQuery,
  overrides: { cursor?: string | null; sort?: SortKey; dir?: "asc" | "desc" } = {},
): string {
  const p = new URLSearchParams();
  const set = (k: string, v: string | undefined) => v !== undefined && v !== "" && p.append(k, v);
  set("q", q.q);
  for (const s of q.status) p.append("status", s);
  set("type", q.type);
  set("from", q.from);
  set("to", q.to);
  set("currency", q.currency);
  set("amountMin", q.amountMin);
  set("amountMax", q.amountMax);
  set("orderId", q.orderId);
  set("email", q.email);
  set("last4", q.last4);
  set("branch", q.branch);
  set("brand", q.brand);
  set("activity", q.activity);
  const sort = overrides.sort ?? q.sort;
  const dir = overrides.dir ?? q.dir;
  if (sort !== "created" || dir !== "desc") {
    set("sort", sort);
    set("dir", dir);
  }
  if (q.size !== DEFAULT_PAGE_SIZE) set("size", String(q.size));
  const cols = columnsOf(q);
  if (cols.join(",") !== DEFAULT_COLUMNS.join(",")) set("cols", cols.join(","));
  set("tz", q.tz);
  const cursor = overrides.cursor === undefined ? q.cursor : (overrides.cursor ?? undefined);
  set("cursor", cursor);
  return p.toString();
}

/** Turns URLSearchParams into the record the schema reads (repeated keys become arrays). */
export function searchParamsRecord(params: URLSearchParams): TransactionListQueryInput {
  const out: TransactionListQueryInput = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length > 1 ? all : all[0];
  }
  return out;
}

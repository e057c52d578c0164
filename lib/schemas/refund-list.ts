// The Refunds page's history: one zod schema for its URL (the GET filter form, shared links) and its CSV export,
// the keyset cursor and the canonical query string. Filters: state, requester, dates (calendar days of the
// reader's display zone), an amount range in one currency, and a search (order id, payment id, the requester, the
// note). Browser-safe.
import { CURRENCY_CODES, decimalToMinor, type CurrencyCode } from "@/lib/money";
import { nextCalendarDate, startOfDayInZone } from "@/lib/transactions/zoned-time";
import { vmsg } from "./messages";
import { calendarDayParam, single, textParam, timeZoneParam } from "./query-params";
import { z } from "./zod";

/** The states a refund in the history can be in (a refund waiting for approval is listed above it, on its own). */
export const REFUND_HISTORY_STATES = ["succeeded", "in_flight", "unknown", "declined", "failed", "rejected"] as const;
export type RefundHistoryState = (typeof REFUND_HISTORY_STATES)[number];

export const REFUND_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_REFUND_PAGE_SIZE = 50;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Keyset cursor: the created_at (microseconds, as the database keeps it) and id of the last row shown ("next": older
// rows) or of the first ("prev": newer rows). Newest first, ties broken by id.
const CURSOR_RE = /^(next|prev)_(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f-]{36})$/;

export interface RefundCursor {
  d: "next" | "prev";
  /** created_at as ISO text with microseconds: "2026-11-28T01:30:00.123456Z". */
  at: string;
  id: string;
}

export function encodeRefundCursor(c: RefundCursor): string {
  return `${c.d}_${c.at}_${c.id}`;
}

export function decodeRefundCursor(text: string): RefundCursor | null {
  const m = CURSOR_RE.exec(text);
  if (!m || !UUID_RE.test(m[3]!) || Number.isNaN(Date.parse(m[2]!))) return null;
  return { d: m[1] as RefundCursor["d"], at: m[2]!, id: m[3]!.toLowerCase() };
}

const decimal = z.preprocess(
  single,
  z
    .string()
    .regex(/^\d{1,15}(\.\d{1,6})?$/, vmsg("amount.filterFormat"))
    .optional(),
);

export const refundListQuerySchema = z
  .object({
    q: textParam(100, vmsg("refundList.searchTooLong")),
    state: z.preprocess(single, z.enum(REFUND_HISTORY_STATES, vmsg("refundList.chooseState")).optional()),
    requester: z.preprocess(single, z.string().regex(UUID_RE, vmsg("refundList.chooseRequester")).optional()),
    currency: z.preprocess(single, z.enum(CURRENCY_CODES, vmsg("currency.chooseFromList")).optional()),
    amountMin: decimal,
    amountMax: decimal,
    from: calendarDayParam,
    to: calendarDayParam,
    tz: timeZoneParam,
    size: z.preprocess(single, z.enum(["25", "50", "100"], vmsg("list.rows25_50_100")).transform(Number).default(DEFAULT_REFUND_PAGE_SIZE)),
    cursor: z.preprocess(
      single,
      z
        .string()
        .max(100)
        .refine((c) => decodeRefundCursor(c) !== null, vmsg("list.staleCursor"))
        .optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.from > v.to) ctx.addIssue({ code: "custom", path: ["to"], message: vmsg("date.endBeforeStart") });
    for (const key of ["amountMin", "amountMax"] as const) {
      const amount = v[key];
      if (amount === undefined) continue;
      if (!v.currency) ctx.addIssue({ code: "custom", path: [key], message: vmsg("transactions.currencyForAmount") });
      else if (decimalToMinor(amount, v.currency) === null)
        ctx.addIssue({ code: "custom", path: [key], message: vmsg("amount.filterFormat") });
    }
    const min = v.currency && v.amountMin ? decimalToMinor(v.amountMin, v.currency) : null;
    const max = v.currency && v.amountMax ? decimalToMinor(v.amountMax, v.currency) : null;
    if (min !== null && max !== null && max < min)
      ctx.addIssue({ code: "custom", path: ["amountMax"], message: vmsg("transactions.amountRange") });
  });

export type RefundListQuery = z.output<typeof refundListQuerySchema>;

/** What the database is asked: exact values, minor units and instants. */
export interface RefundFilter {
  state?: RefundHistoryState;
  requesterId?: string;
  currency?: CurrencyCode;
  minMinor?: number;
  maxMinor?: number;
  /** created_at ≥ this instant (start of the `from` day in the zone). */
  from?: Date;
  /** created_at < this instant (start of the day after `to`). */
  before?: Date;
  /** Part of the order id, the requester's name or e-mail, or the note (without case); a payment id exactly. */
  search?: string;
}

export function toRefundFilter(q: RefundListQuery): RefundFilter {
  const minor = (amount: string | undefined) => (amount && q.currency ? (decimalToMinor(amount, q.currency) ?? undefined) : undefined);
  return {
    state: q.state,
    requesterId: q.requester?.toLowerCase(),
    currency: q.currency,
    minMinor: minor(q.amountMin),
    maxMinor: minor(q.amountMax),
    from: q.from ? startOfDayInZone(q.from, q.tz) : undefined,
    before: q.to ? startOfDayInZone(nextCalendarDate(q.to), q.tz) : undefined,
    search: q.q,
  };
}

const FILTER_KEYS = ["q", "state", "requester", "currency", "amountMin", "amountMax", "from", "to"] as const;

/** Whether any filter (not paging, size or zone) is set. */
export function hasRefundFilter(q: RefundListQuery): boolean {
  return FILTER_KEYS.some((k) => q[k] !== undefined);
}

/** The filter alone (what an export's audit row records): set fields only. */
export function refundFilterSummary(q: RefundListQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of [...FILTER_KEYS, "tz"] as const) {
    const v = q[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** The canonical query string: fixed key order, defaults left out, so equal filters give equal URLs. */
export function toRefundQueryString(q: RefundListQuery, overrides: { cursor?: string | null } = {}): string {
  const p = new URLSearchParams();
  const set = (k: string, v: string | undefined) => v !== undefined && v !== "" && p.append(k, v);
  for (const k of FILTER_KEYS) set(k, q[k]);
  if (q.size !== DEFAULT_REFUND_PAGE_SIZE) set("size", String(q.size));
  set("tz", q.tz);
  set("cursor", overrides.cursor === undefined ? q.cursor : (overrides.cursor ?? undefined));
  return p.toString();
}

// The audit log's query: one zod schema for the URL of /admin/audit (its GET filter form, shared links), for
// GET /api/admin/audit and for its CSV export, plus the keyset cursor and the canonical query string. Dates are
// calendar days in the user's IANA time zone (the same helpers as the transactions list). Browser-safe.
import { z } from "./zod";
import { vmsg } from "./messages";
import { nextCalendarDate, startOfDayInZone } from "@/lib/transactions/zoned-time";
import { calendarDayParam, single, textParam, timeZoneParam } from "./query-params";

export const AUDIT_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_AUDIT_PAGE_SIZE = 50;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Action names are dotted lower-case words ("refund.request_approval"). */
const ACTION_RE = /^[a-z0-9_.]+$/;

// Keyset cursor: the id of the last row shown ("next": older rows) or of the first ("prev": newer rows). The id
// is the log's append order (and the hash chain's), so "newest first" is simply id descending.
const CURSOR_RE = /^(next|prev)-([1-9]\d{0,15})$/;

export interface AuditCursor {
  d: "next" | "prev";
  id: number;
}

export function encodeAuditCursor(c: AuditCursor): string {
  return `${c.d}-${c.id}`;
}

/** The cursor, or null when the text is not one (tampered or truncated). */
export function decodeAuditCursor(text: string): AuditCursor | null {
  const m = CURSOR_RE.exec(text);
  if (!m) return null;
  const id = Number(m[2]);
  return Number.isSafeInteger(id) ? { d: m[1] as AuditCursor["d"], id } : null;
}

export const auditLogQuerySchema = z
  .object({
    /** Part of the actor's e-mail (case-insensitive), or a user ID for exactly that user. */
    actor: textParam(254, vmsg("audit.actorTooLong")),
    /** One action, exactly (the select of actions present in the log). */
    action: z.preprocess(single, z.string().max(64, vmsg("audit.actionTooLong")).regex(ACTION_RE, vmsg("audit.chooseAction")).optional()),
    /** The start of an action name ("refund." for every refund action). */
    actionPrefix: z.preprocess(
      single,
      z.string().max(64, vmsg("audit.actionPrefixTooLong")).regex(ACTION_RE, vmsg("audit.actionPrefixFormat")).optional(),
    ),
    targetType: textParam(64, vmsg("audit.targetTypeTooLong")),
    targetId: textParam(128, vmsg("audit.targetIdTooLong")),
    from: calendarDayParam,
    to: calendarDayParam,
    tz: timeZoneParam,
    size: z.preprocess(single, z.enum(["25", "50", "100"], vmsg("list.rows25_50_100")).transform(Number).default(DEFAULT_AUDIT_PAGE_SIZE)),
    cursor: z.preprocess(
      single,
      z
        .string()
        .max(40)
        .refine((c) => decodeAuditCursor(c) !== null, vmsg("list.staleCursor"))
        .optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.from > v.to) ctx.addIssue({ code: "custom", path: ["to"], message: vmsg("date.endBeforeStart") });
  });

export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
export type AuditLogQueryInput = Record<string, string | string[] | undefined>;

/** What the database is asked: the query turned into exact values and instants. */
export interface AuditFilter {
  /** actor_email contains this (lower-cased; compared without case). */
  actorEmailContains?: string;
  /** actor_id is exactly this user. */
  actorId?: string;
  action?: string;
  actionPrefix?: string;
  targetType?: string;
  targetId?: string;
  /** at ≥ this instant (start of the `from` day in the zone). */
  atFrom?: Date;
  /** at < this instant (start of the day after `to`). */
  atBefore?: Date;
}

export function toAuditFilter(q: AuditLogQuery): AuditFilter {
  const byId = q.actor !== undefined && UUID_RE.test(q.actor);
  return {
    actorId: byId ? q.actor!.toLowerCase() : undefined,
    actorEmailContains: !byId && q.actor ? q.actor.toLowerCase() : undefined,
    action: q.action,
    actionPrefix: q.actionPrefix,
    targetType: q.targetType,
    targetId: q.targetId,
    atFrom: q.from ? startOfDayInZone(q.from, q.tz) : undefined,
    atBefore: q.to ? startOfDayInZone(nextCalendarDate(q.to), q.tz) : undefined,
  };
}

/** Whether any filter (not paging, size or zone) is set. */
export function hasAuditFilter(q: AuditLogQuery): boolean {
  return Boolean(q.actor || q.action || q.actionPrefix || q.targetType || q.targetId || q.from || q.to);
}

/** The filter alone (what an export's audit row records): set fields only, no cursor or page size. */
export function auditFilterSummary(q: AuditLogQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of ["actor", "action", "actionPrefix", "targetType", "targetId", "from", "to", "tz"] as const) {
    const v = q[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** The canonical query string: fixed key order, defaults left out, so equal filters give equal URLs. */
export function toAuditQueryString(q: AuditLogQuery, overrides: { cursor?: string | null } = {}): string {
  const p = new URLSearchParams();
  const set = (k: string, v: string | undefined) => v !== undefined && v !== "" && p.append(k, v);
  set("actor", q.actor);
  set("action", q.action);
  set("actionPrefix", q.actionPrefix);
  set("targetType", q.targetType);
  set("targetId", q.targetId);
  set("from", q.from);
  set("to", q.to);
  if (q.size !== DEFAULT_AUDIT_PAGE_SIZE) set("size", String(q.size));
  set("tz", q.tz);
  set("cursor", overrides.cursor === undefined ? q.cursor : (overrides.cursor ?? undefined));
  return p.toString();
}

/** One row of GET /api/admin/audit (instants as ISO strings). */
export interface AuditLogItem {
  id: number;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  summary: unknown;
  prevHash: string;
  hash: string;
}

export interface AuditLogPage {
  items: AuditLogItem[];
  /** Cursor of the next page (older entries), or null at the end. */
  nextCursor: string | null;
  /** Cursor of the previous page (newer entries), or null on the first page. */
  prevCursor: string | null;
}

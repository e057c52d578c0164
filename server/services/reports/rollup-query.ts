// The queries behind the Overview's figures and the daily closing: sums over the ledger's hourly rollup
// (server/db/schema-reports.ts, kept by triggers): the daily table for periods of days, the hourly one for one day.
// The zone's offsets are whole hours (config), so every UTC hour of the rollup falls inside one local day.
// No `import "server-only"`: the reports benchmark (scripts/bench-reports.ts) runs these; they hold no secret.
import { sql, type SQL } from "drizzle-orm";
import type { OverviewFilter } from "@/lib/reports/figures";
import type { ResolvedPeriod } from "@/lib/reports/period";
import type { Db } from "../../db/client";
import { rawRows } from "../../db/raw-rows";

/** The rollup's sums for one group. Counts and amounts are numbers (bigint sums cast back in SQL). */
export interface RollupSums {
  attempts: number;
  approved: number;
  declines: number;
  declinedMinor: number;
  sales: number;
  salesMinor: number;
  captures: number;
  capturesMinor: number;
  refunds: number;
  refundsMinor: number;
  voids: number;
  voidsMinor: number;
}

export const SUM_KEYS = [
  "attempts",
  "approved",
  "declines",
  "declinedMinor",
  "sales",
  "salesMinor",
  "captures",
  "capturesMinor",
  "refunds",
  "refundsMinor",
  "voids",
  "voidsMinor",
] as const satisfies ReadonlyArray<keyof RollupSums>;

const SUMS = sql.raw(
  [
    "attempts",
    "approved",
    "declines",
    "declined_minor",
    "sales",
    "sales_minor",
    "captures",
    "captures_minor",
    "refunds",
    "refunds_minor",
    "voids",
    "voids_minor",
  ]
    .map((c, i) => `coalesce(sum(${c}), 0)::float8 as "${SUM_KEYS[i]}"`)
    .join(", "),
);

export function emptySums(): RollupSums {
  return Object.fromEntries(SUM_KEYS.map((k) => [k, 0])) as unknown as RollupSums;
}

export function addSums(into: RollupSums, more: RollupSums): RollupSums {
  for (const k of SUM_KEYS) into[k] += more[k];
  return into;
}

function filterSql(filter: OverviewFilter): SQL {
  const parts: SQL[] = [];
  if (filter.currency) parts.push(sql` and currency = ${filter.currency}`);
  if (filter.branchId) parts.push(sql` and branch_id = ${filter.branchId}`);
  return sql.join(parts, sql``);
}

function toSums(r: Record<string, unknown>): RollupSums {
  const s = emptySums();
  for (const k of SUM_KEYS) s[k] = Number(r[k] ?? 0);
  return s;
}

export type OverviewGroup =
  | { set: "period"; previous: boolean; currency: string; sums: RollupSums }
  | { set: "bucket"; bucket: string; currency: string; sums: RollupSums }
  | { set: "brand"; brand: string; currency: string; sums: RollupSums }
  | { set: "branch"; branch: string; currency: string; sums: RollupSums };

/**
 * Everything the Overview's charts and figures need but the decline reasons, in one scan of the rollup over the
 * previous and the current period: totals per period and currency, and (current period only) per day or hour,
 * per card brand and per branch. Several days read the daily table (rollupInZone first); one day, the hours.
 */
export async function overviewGroups(db: Db, period: ResolvedPeriod, filter: OverviewFilter): Promise<OverviewGroup[]> {
  const source = period.hourly
    ? sql`select *, hour < ${period.from.toISOString()}::timestamptz as previous,
          to_char(hour at time zone ${period.timeZone}, 'YYYY-MM-DD"T"HH24') as bucket
        from ledger_rollup
        where hour >= ${period.previous.from.toISOString()}::timestamptz and hour < ${period.to.toISOString()}::timestamptz ${filterSql(filter)}`
    : sql`select *, day < ${period.firstDay}::date as previous, to_char(day, 'YYYY-MM-DD') as bucket
        from ledger_rollup_daily
        where day >= ${period.previous.firstDay}::date and day <= ${period.lastDay}::date ${filterSql(filter)}`;
  const result = await db.execute(sql`
    select grouping(previous)::int as g_period, grouping(bucket)::int as g_bucket, grouping(card_brand)::int as g_brand,
      grouping(branch_id)::int as g_branch, previous, bucket, card_brand, branch_id, currency, ${SUMS}
    from (${source}) r
    group by grouping sets ((previous, currency), (previous, bucket, currency), (previous, card_brand, currency), (previous, branch_id, currency))`);
  const out: OverviewGroup[] = [];
  for (const r of rawRows<Record<string, unknown>>(result)) {
    const currency = String(r.currency);
    const sums = toSums(r);
    const previous = r.previous === true || r.previous === "t";
    if (Number(r.g_bucket) === 0) {
      if (!previous) out.push({ set: "bucket", bucket: String(r.bucket), currency, sums });
    } else if (Number(r.g_brand) === 0) {
      if (!previous) out.push({ set: "brand", brand: String(r.card_brand), currency, sums });
    } else if (Number(r.g_branch) === 0) {
      if (!previous) out.push({ set: "branch", branch: String(r.branch_id), currency, sums });
    } else out.push({ set: "period", previous, currency, sums });
  }
  return out;
}

/** The most frequent decline reasons of payments made in [from, to) (declined or failed), most frequent first. */
export async function declineReasonCounts(
  db: Db,
  range: { from: Date; to: Date },
  filter: OverviewFilter,
  limit = 5,
): Promise<Array<{ reason: string | null; count: number }>> {
  const result = await db.execute(sql`
    select decline_reason as reason, count(*)::int as count
    from payments
    where status in ('declined', 'failed') and created_at >= ${range.from.toISOString()}::timestamptz
      and created_at < ${range.to.toISOString()}::timestamptz ${filterSql(filter)}
    group by decline_reason
    order by count(*) desc, decline_reason nulls last
    limit ${limit}`);
  return rawRows<{ reason: string | null; count: number }>(result).map((r) => ({ reason: r.reason, count: Number(r.count) }));
}

export interface ClosingGroup {
  day: string;
  currency: string;
  /** The branch or card brand of a broken-down report ('' when the ledger has none); null without breakdown. */
  key: string | null;
  sums: RollupSums;
}

/** Daily closing: sums per calendar day (reporting zone: rollupInZone first) and currency, and branch or brand when asked. */
export async function closingGroups(
  db: Db,
  days: { firstDay: string; lastDay: string },
  breakdown: "none" | "branch" | "brand",
  filter: OverviewFilter,
): Promise<ClosingGroup[]> {
  const key = breakdown === "branch" ? sql.raw("branch_id") : breakdown === "brand" ? sql.raw("card_brand") : sql.raw("null::text");
  const result = await db.execute(sql`
    select to_char(day, 'YYYY-MM-DD') as day, currency, ${key} as key, ${SUMS}
    from ledger_rollup_daily
    where day >= ${days.firstDay}::date and day <= ${days.lastDay}::date ${filterSql(filter)}
    group by 1, 2, 3
    order by 1, 2, 3`);
  return rawRows<Record<string, unknown>>(result).map((r) => ({
    day: String(r.day),
    currency: String(r.currency),
    key: r.key === null || r.key === undefined ? null : String(r.key),
    sums: toSums(r),
  }));
}

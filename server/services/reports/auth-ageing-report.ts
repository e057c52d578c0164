// Authorizations ageing: the money held on cardholders' cards and not captured yet (payments still `authorized`),
// by how long ago it was authorized, as of now — so finance sees what to capture (or void) before the hold lapses.
// One row per currency and age band (every band shown, empty ones as 0, so currencies read alike), with the oldest
// authorization of the band; totals per currency. The age counts from the payment's creation (the ledger keeps no
// separate authorization time; a sale's authorization answers within the same minute).
import "server-only";
import { and, count, eq, min, sql, sum } from "drizzle-orm";
import { REPORT_TITLE, type ReportColumn, type ReportRequest, type ReportRow, type ReportTable } from "@/lib/reports/report-table";
import { payments } from "../../db/schema";
import type { ServiceContext, ServiceDeps } from "../deps";
import { requirePermission } from "../require-permission";

const DAY_MS = 86_400_000;

/** Age bands, youngest first: [fromDays, toDays) as of now; the last is open-ended. */
export const AGE_BANDS = [
  { id: "0-1", label: "Under 1 day", fromDays: 0, toDays: 1 },
  { id: "1-3", label: "1 to 3 days", fromDays: 1, toDays: 3 },
  { id: "3-7", label: "3 to 7 days", fromDays: 3, toDays: 7 },
  { id: "7+", label: "7 days or more", fromDays: 7, toDays: null },
] as const;

const COLUMNS: ReportColumn[] = [
  { key: "band", label: "Age", kind: "text" },
  { key: "currency", label: "Currency", kind: "text" },
  { key: "count", label: "Authorizations", kind: "count" },
  { key: "amount", label: "Amount held", kind: "money" },
  { key: "oldest", label: "Oldest authorized at", kind: "datetime" },
];

export async function authAgeingReport(
  ctx: ServiceContext<Pick<ServiceDeps, "db" | "now" | "config">>,
  request: ReportRequest,
): Promise<ReportTable> {
  requirePermission(ctx.principal, "REPORTS_VIEW");
  const { db, config } = ctx.deps;
  const asOf = ctx.deps.now();
  const at = (days: number) => new Date(asOf.getTime() - days * DAY_MS).toISOString();
  // The band's index, by the payment's age at `asOf` (a payment created "in the future" by clock skew is 0 days old).
  const band = sql<number>`case
    when ${payments.createdAt} > ${at(1)}::timestamptz then 0
    when ${payments.createdAt} > ${at(3)}::timestamptz then 1
    when ${payments.createdAt} > ${at(7)}::timestamptz then 2
    else 3 end`;
  const found = await db
    .select({
      band: band.as("band"),
      currency: payments.currency,
      count: count(),
      amount: sum(payments.authorizedMinor).mapWith(Number),
      oldest: min(payments.createdAt),
    })
    .from(payments)
    .where(
      and(
        eq(payments.status, "authorized"),
        request.currency ? eq(payments.currency, request.currency) : undefined,
        request.branchId ? eq(payments.branchId, request.branchId) : undefined,
      ),
    )
    .groupBy(sql`1`, payments.currency)
    .orderBy(payments.currency, sql`1`);

  const currencies = [...new Set(found.map((r) => r.currency))];
  const rows: ReportRow[] = [];
  const totals: ReportRow[] = [];
  for (const currency of currencies) {
    const mine = found.filter((r) => r.currency === currency);
    AGE_BANDS.forEach((b, i) => {
      const hit = mine.find((r) => Number(r.band) === i);
      rows.push({
        band: b.label,
        currency,
        count: hit?.count ?? 0,
        amount: { minor: hit?.amount ?? 0, currency },
        oldest: hit?.oldest ? new Date(hit.oldest).toISOString() : null,
      });
    });
    const oldest = mine.map((r) => (r.oldest ? new Date(r.oldest).getTime() : Infinity)).reduce((a, b) => Math.min(a, b), Infinity);
    totals.push({
      band: "All ages",
      currency,
      count: mine.reduce((a, r) => a + r.count, 0),
      amount: { minor: mine.reduce((a, r) => a + (r.amount ?? 0), 0), currency },
      oldest: Number.isFinite(oldest) ? new Date(oldest).toISOString() : null,
    });
  }

  return {
    report: "auth-ageing",
    title: REPORT_TITLE["auth-ageing"],
    timeZone: config.reportTimeZone,
    period: null,
    generatedAt: asOf,
    columns: COLUMNS,
    rows,
    totals,
  };
}

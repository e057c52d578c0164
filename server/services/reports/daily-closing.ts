// Daily closing: one row per calendar day (reporting zone) and currency — sales, captures, refunds, voids and
// declines (counts and amounts) and net — with totals per currency; by branch or card brand on demand. Every day
// of the period appears for each currency that had any activity in it (a quiet day is a row of zeros, not a gap).
// No `import "server-only"`: the reports benchmark (scripts/bench-reports.ts) runs it; it holds no secret.
import { brandLabel } from "@/lib/card-label";
import { addDays, dayRange } from "@/lib/reports/period";
import { REPORT_TITLE, type ReportColumn, type ReportRequest, type ReportRow, type ReportTable } from "@/lib/reports/report-table";
import type { ServiceContext, ServiceDeps } from "../deps";
import { requirePermission } from "../require-permission";
import { addSums, closingGroups, emptySums, type RollupSums } from "./rollup-query";
import { rollupInZone } from "./rollup-zone";

type Deps = Pick<ServiceDeps, "db" | "config" | "now">;

const MONEY_COLUMNS: Array<[label: string, count: keyof RollupSums, minor: keyof RollupSums]> = [
  ["Sales", "sales", "salesMinor"],
  ["Captures", "captures", "capturesMinor"],
  ["Refunds", "refunds", "refundsMinor"],
  ["Voids", "voids", "voidsMinor"],
  ["Declines", "declines", "declinedMinor"],
];

export function closingColumns(breakdown: ReportRequest["breakdown"]): ReportColumn[] {
  const cols: ReportColumn[] = [
    { key: "day", label: "Day", kind: "day" },
    { key: "currency", label: "Currency", kind: "text" },
  ];
  if (breakdown === "branch") cols.push({ key: "branch", label: "Branch", kind: "text" });
  if (breakdown === "brand") cols.push({ key: "brand", label: "Card brand", kind: "text" });
  for (const [label, count, minor] of MONEY_COLUMNS) {
    cols.push({ key: count, label: `${label} (count)`, kind: "count", pair: { group: count, groupLabel: label, part: "count" } });
    cols.push({ key: minor, label: `${label} (amount)`, kind: "money", pair: { group: count, groupLabel: label, part: "amount" } });
  }
  cols.push({ key: "netMinor", label: "Net (sales + captures − refunds)", kind: "money" });
  return cols;
}

function row(day: string, currency: string, key: { column: string; value: string } | null, s: RollupSums): ReportRow {
  const r: ReportRow = { day, currency };
  if (key) r[key.column] = key.value;
  for (const [, count, minor] of MONEY_COLUMNS) {
    r[count] = s[count];
    r[minor] = { minor: s[minor], currency };
  }
  r.netMinor = { minor: s.salesMinor + s.capturesMinor - s.refundsMinor, currency };
  return r;
}

export async function dailyClosing(ctx: ServiceContext<Deps>, request: ReportRequest): Promise<ReportTable> {
  requirePermission(ctx.principal, "REPORTS_VIEW");
  const { db, config, now } = ctx.deps;
  const zone = config.reportTimeZone;
  const breakdown = request.breakdown ?? "none";
  const range = dayRange(request.firstDay, request.lastDay, zone);
  await rollupInZone(db, zone);
  const groups = await closingGroups(db, range, breakdown, {
    currency: request.currency,
    branchId: request.branchId,
  });

  const keyColumn = breakdown === "branch" ? "branch" : breakdown === "brand" ? "brand" : null;
  const keyText = (key: string | null): string =>
    breakdown === "brand" ? (key ? (brandLabel(key) ?? key) : "Not known") : key ? key : "No branch";
  const currencies = [...new Set(groups.map((g) => g.currency))].sort((a, b) => (a === "SAR" ? -1 : b === "SAR" ? 1 : a.localeCompare(b)));
  const byDay = new Map<string, typeof groups>();
  for (const g of groups) byDay.set(g.day, [...(byDay.get(g.day) ?? []), g]);

  const rows: ReportRow[] = [];
  const totals = new Map<string, RollupSums>();
  for (let day = range.firstDay; day <= range.lastDay; day = addDays(day, 1)) {
    const today = byDay.get(day) ?? [];
    for (const currency of currencies) {
      const mine = today.filter((g) => g.currency === currency);
      if (keyColumn === null || mine.length === 0) {
        const s = mine.reduce((acc, g) => addSums(acc, g.sums), emptySums());
        rows.push(row(day, currency, keyColumn ? { column: keyColumn, value: "—" } : null, s));
      } else {
        for (const g of mine) rows.push(row(day, currency, { column: keyColumn, value: keyText(g.key) }, g.sums));
      }
      for (const g of mine) totals.set(currency, addSums(totals.get(currency) ?? emptySums(), g.sums));
    }
  }
  return {
    report: "daily-closing",
    title: REPORT_TITLE["daily-closing"],
    timeZone: zone,
    period: { firstDay: range.firstDay, lastDay: range.lastDay },
    generatedAt: now(),
    columns: closingColumns(breakdown),
    rows,
    totals: currencies.map((c) => row("Total", c, keyColumn ? { column: keyColumn, value: "" } : null, totals.get(c) ?? emptySums())),
  };
}

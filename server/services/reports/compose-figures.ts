// The Overview's figures from the rollup's groups: per-currency tallies and rates, the period before, the chart
// series with every day (or hour) present, and the breakdowns. Pure: unit tests feed it groups directly.
// No `import "server-only"`: the reports benchmark computes the figures the page would.
import type { Breakdown, CurrencyFigures, DeclineReason, OverviewFigures, PeriodFigures, SeriesPoint } from "@/lib/reports/figures";
import { addDays, dayInZone, type ResolvedPeriod } from "@/lib/reports/period";
import { wallClock } from "@/lib/transactions/zoned-time";
import { addSums, emptySums, type OverviewGroup, type RollupSums } from "./rollup-query";

const tally = (minor: number, count: number) => ({ minor, count });

export function currencyFigures(currency: string, s: RollupSums): CurrencyFigures {
  const grossMinor = s.salesMinor + s.capturesMinor;
  const charged = s.sales + s.captures;
  return {
    currency,
    gross: tally(grossMinor, charged),
    sales: tally(s.salesMinor, s.sales),
    captures: tally(s.capturesMinor, s.captures),
    refunds: tally(s.refundsMinor, s.refunds),
    voids: tally(s.voidsMinor, s.voids),
    declines: tally(s.declinedMinor, s.declines),
    netMinor: grossMinor - s.refundsMinor,
    averageTicketMinor: charged > 0 ? Math.round(grossMinor / charged) : null,
    refundRate: grossMinor > 0 ? s.refundsMinor / grossMinor : null,
  };
}

/** A period's figures from its per-currency sums (currencies in alphabetical order, SAR first). */
export function periodFigures(byCurrency: Map<string, RollupSums>): PeriodFigures {
  const currencies = [...byCurrency.keys()].sort((a, b) => (a === "SAR" ? -1 : b === "SAR" ? 1 : a.localeCompare(b)));
  let attempts = 0;
  let approved = 0;
  let declined = 0;
  for (const s of byCurrency.values()) {
    attempts += s.attempts;
    approved += s.approved;
    declined += s.declines;
  }
  return {
    byCurrency: currencies.filter((c) => !isEmpty(byCurrency.get(c)!)).map((c) => currencyFigures(c, byCurrency.get(c)!)),
    attempts,
    approved,
    declined,
    approvalRate: attempts > 0 ? approved / attempts : null,
  };
}

function isEmpty(s: RollupSums): boolean {
  return Object.values(s).every((v) => v === 0);
}

/** The keys of every bar of the period's charts: its days, or the hours of its one day (as the zone's clock reads them). */
export function seriesKeys(period: ResolvedPeriod): string[] {
  if (!period.hourly) {
    const keys: string[] = [];
    for (let d = period.firstDay; d <= period.lastDay; d = addDays(d, 1)) keys.push(d);
    return keys;
  }
  const keys: string[] = [];
  for (let t = period.from.getTime(); t < period.to.getTime(); t += 3_600_000) {
    const hour = wallClock(t, period.timeZone).hour;
    const key = `${dayInZone(new Date(t), period.timeZone)}T${String(hour).padStart(2, "0")}`;
    if (keys.at(-1) !== key) keys.push(key);
  }
  return keys;
}

function breakdown(groups: Array<{ key: string; currency: string; sums: RollupSums }>): Breakdown[] {
  return groups
    .map((g) => ({
      key: g.key === "" ? null : g.key,
      currency: g.currency,
      gross: tally(g.sums.salesMinor + g.sums.capturesMinor, g.sums.sales + g.sums.captures),
    }))
    .filter((b) => b.gross.count > 0 || b.gross.minor > 0)
    .sort((a, b) => a.currency.localeCompare(b.currency) || b.gross.minor - a.gross.minor || String(a.key).localeCompare(String(b.key)));
}

export function composeFigures(period: ResolvedPeriod, groups: OverviewGroup[], declineReasons: DeclineReason[]): OverviewFigures {
  const current = new Map<string, RollupSums>();
  const previous = new Map<string, RollupSums>();
  const points = new Map<string, SeriesPoint>(seriesKeys(period).map((key) => [key, { key, grossMinor: {}, attempts: 0, approved: 0 }]));
  const brands: Array<{ key: string; currency: string; sums: RollupSums }> = [];
  const branches: Array<{ key: string; currency: string; sums: RollupSums }> = [];
  for (const g of groups) {
    switch (g.set) {
      case "period": {
        const into = g.previous ? previous : current;
        into.set(g.currency, addSums(into.get(g.currency) ?? emptySums(), g.sums));
        break;
      }
      case "bucket": {
        const p = points.get(g.bucket);
        if (!p) break; // an hour outside the period's days cannot happen; ignore rather than draw it
        const gross = g.sums.salesMinor + g.sums.capturesMinor;
        if (gross !== 0) p.grossMinor[g.currency] = (p.grossMinor[g.currency] ?? 0) + gross;
        p.attempts += g.sums.attempts;
        p.approved += g.sums.approved;
        break;
      }
      case "brand":
        brands.push({ key: g.brand, currency: g.currency, sums: g.sums });
        break;
      case "branch":
        branches.push({ key: g.branch, currency: g.currency, sums: g.sums });
        break;
    }
  }
  return {
    current: periodFigures(current),
    previous: periodFigures(previous),
    series: [...points.values()],
    byBrand: breakdown(brands),
    byBranch: breakdown(branches),
    declineReasons,
  };
}

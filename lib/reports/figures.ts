// What the Overview shows, as plain data: the figures of a period and of the one before it, the series behind
// the charts, and the breakdowns. Every amount stays per currency (never summed across currencies); counts and
// rates are currency-free. Computed on the server (server/services/reports/overview-figures.ts) from the ledger's
// hourly rollup; browser-safe types so the charts' components read them.

/** An amount of money and how many ledger events make it. */
export interface Tally {
  minor: number;
  count: number;
}

/** One currency's money in a period. Gross = sales + captures; net = gross − refunds. */
export interface CurrencyFigures {
  currency: string;
  gross: Tally;
  sales: Tally;
  captures: Tally;
  refunds: Tally;
  voids: Tally;
  declines: Tally;
  netMinor: number;
  /** gross ÷ (sales + captures count), rounded to a minor unit; null with nothing charged. */
  averageTicketMinor: number | null;
  /** refunds ÷ gross (amounts); null when nothing was charged. */
  refundRate: number | null;
}

export interface PeriodFigures {
  byCurrency: CurrencyFigures[];
  /** Payments that reached an outcome: approved + declined (3-D Secure failures and failures count as declined). */
  attempts: number;
  approved: number;
  declined: number;
  /** approved ÷ attempts; null with no attempt. */
  approvalRate: number | null;
}

/** One bar of the volume and approval-rate charts: a calendar day, or an hour for a one-day period. */
export interface SeriesPoint {
  /** "2026-11-24" (a day) or "2026-11-24T14" (an hour), in the reporting zone. */
  key: string;
  /** Gross volume per currency, in minor units (currencies with nothing that day are absent). */
  grossMinor: Record<string, number>;
  attempts: number;
  approved: number;
}

export interface Breakdown {
  /** A card brand as the ledger spells it (VC, MC, MADA …), a branch id, or null for "not known". */
  key: string | null;
  currency: string;
  gross: Tally;
}

export interface DeclineReason {
  /** The gateway's decline reason as the ledger keeps it; null when the gateway gave none. */
  reason: string | null;
  count: number;
}

export interface OverviewFilter {
  branchId?: string;
  currency?: string;
}

export interface OverviewFigures {
  current: PeriodFigures;
  previous: PeriodFigures;
  /** Every day (or hour) of the current period, in order, including empty ones. */
  series: SeriesPoint[];
  byBrand: Breakdown[];
  byBranch: Breakdown[];
  /** The most frequent decline reasons of the current period, most frequent first (at most 5). */
  declineReasons: DeclineReason[];
}

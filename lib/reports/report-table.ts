// A report as one table: the Reports page renders it, the route handlers under /api/reports/ write it as CSV and
// XLSX, and scheduled reports attach it to an e-mail. Browser-safe data; amounts are minor units with their
// currency, so each file format writes them as numbers with the currency's decimals.

export const REPORT_IDS = ["daily-closing", "refunds", "auth-ageing"] as const;
export type ReportId = (typeof REPORT_IDS)[number];

export const REPORT_TITLE: Record<ReportId, string> = {
  "daily-closing": "Daily closing",
  refunds: "Refunds",
  "auth-ageing": "Authorizations ageing",
};

/** Each report's key in the `reports` catalog (names.<key>, columns.<key>.<column>, page.empty.<key>). */
export const REPORT_KEY = { "daily-closing": "dailyClosing", refunds: "refunds", "auth-ageing": "authAgeing" } as const satisfies Record<
  ReportId,
  string
>;

/** Daily closing's optional breakdown: one row per day, currency and branch (or card brand). */
export const CLOSING_BREAKDOWNS = ["none", "branch", "brand"] as const;
export type ClosingBreakdown = (typeof CLOSING_BREAKDOWNS)[number];

export type ReportColumnKind = "text" | "day" | "datetime" | "count" | "money";

export interface ReportColumn {
  key: string;
  label: string;
  kind: ReportColumnKind;
  /** One of a pair of columns ("Sales (count)", "Sales (amount)") shown under one group header ("Sales"). */
  pair?: { group: string; groupLabel: string; part: "count" | "amount" };
}

/** An amount cell: minor units and the currency whose decimals it has. */
export interface MoneyCell {
  minor: number;
  currency: string;
}

/** text and day: strings; datetime: an ISO instant (shown in the report's zone); count: a number; money: MoneyCell. */
export type ReportCell = string | number | MoneyCell | null;

export type ReportRow = Record<string, ReportCell>;

export interface ReportTable {
  report: ReportId;
  title: string;
  /** The zone whose calendar days the rows count in, stated in every file's header. */
  timeZone: string;
  /** The days covered (inclusive), or null for a report "as of now" (authorizations ageing). */
  period: { firstDay: string; lastDay: string } | null;
  generatedAt: Date;
  columns: ReportColumn[];
  rows: ReportRow[];
  /** Total rows (one per currency for money reports), written after the rows. */
  totals: ReportRow[];
}

export function isMoneyCell(cell: ReportCell): cell is MoneyCell {
  return typeof cell === "object" && cell !== null && "minor" in cell;
}

/** What a report is asked for: which report, which days (inclusive, in the reporting zone) and its options. */
export interface ReportRequest {
  report: ReportId;
  /** Ignored by reports "as of now" (authorizations ageing). */
  firstDay: string;
  lastDay: string;
  /** Daily closing only. */
  breakdown?: ClosingBreakdown;
  branchId?: string;
  currency?: string;
}

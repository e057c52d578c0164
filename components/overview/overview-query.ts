// The Overview's URL (`?period=…&from=…&to=…&branch=…&currency=…`) read into a reporting period and filters, or
// the sentence that says what is wrong with it. Browser-safe and pure (`now` and the zone come in), so the unit
// tests pin every rule: a bad custom range or currency is an error, never quietly the default period.
import { isCurrencyCode } from "@/lib/money";
import { PeriodError, resolvePeriod, type PeriodErrorCode, type PeriodPreset, type ResolvedPeriod } from "@/lib/reports/period";
import type { OverviewFilter } from "@/lib/reports/figures";

export type RawQuery = Record<string, string | string[] | undefined>;

export interface OverviewQuery {
  /** The fields as typed, for the form. */
  values: { period: string; from: string; to: string; branch: string; currency: string };
  period: ResolvedPeriod | null;
  filter: OverviewFilter;
  /** What is wrong with each field, as its key in the catalog (overview.errors.<code>). */
  errors: Partial<Record<"period" | "branch" | "currency", OverviewErrorCode>>;
}

export type OverviewErrorCode = PeriodErrorCode | "currency" | "branch";

const first = (q: RawQuery, k: string) => {
  const v = q[k];
  return ((Array.isArray(v) ? v.at(-1) : v) ?? "").trim();
};

/**
 * A preset with days typed in the form's From/To that are not the preset's own days is a custom range: the form
 * keeps one Period select and two date fields, and whoever edits the dates means them.
 */
export function parseOverviewQuery(raw: RawQuery, zone: string, now: Date): OverviewQuery {
  const values = {
    period: first(raw, "period"),
    from: first(raw, "from"),
    to: first(raw, "to"),
    branch: first(raw, "branch"),
    currency: first(raw, "currency").toUpperCase(),
  };
  const errors: OverviewQuery["errors"] = {};
  let period: ResolvedPeriod | null = null;
  try {
    period = resolvePeriod({ period: values.period, from: values.from, to: values.to }, zone, now);
    const datesTyped = values.from !== "" || values.to !== "";
    if (period.preset !== "custom" && datesTyped && (values.from !== period.firstDay || (values.to || values.from) !== period.lastDay)) {
      period = resolvePeriod({ period: "custom", from: values.from, to: values.to }, zone, now);
    }
  } catch (e) {
    if (!(e instanceof PeriodError)) throw e;
    errors.period = e.code;
  }
  const filter: OverviewFilter = {};
  if (values.currency) {
    if (isCurrencyCode(values.currency)) filter.currency = values.currency;
    else errors.currency = "currency";
  }
  if (values.branch) {
    if (values.branch.length <= 64 && !/[\u0000-\u001f]/.test(values.branch)) filter.branchId = values.branch;
    else errors.branch = "branch";
  }
  return { values, period: Object.keys(errors).length ? null : period, filter, errors };
}

/** The Overview's URL for a preset, keeping the filters. */
export function presetHref(preset: PeriodPreset, filter: OverviewFilter): string {
  const q = new URLSearchParams({ period: preset });
  if (filter.branchId) q.set("branch", filter.branchId);
  if (filter.currency) q.set("currency", filter.currency);
  return `/overview?${q.toString()}`;
}

// The Overview's breakdowns: gross volume by card brand and by branch (per currency, never summed across
// currencies), and the top decline reasons. Horizontal bars (lengths from d3-scale) beside their labels; each
// brand and branch links to the Transactions list of exactly its payments. No client code.
import { declineReasonText, type DeclineWords } from "@/lib/i18n/decline-reasons";
import Link from "next/link";
import type { ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import { MoneyAmount } from "@/components/ui/money";
import { brandLabel } from "@/lib/card-label";
import { isCurrencyCode, type CurrencyCode } from "@/lib/money";
import { activityHref } from "@/lib/reports/activity";
import type { Breakdown, DeclineReason, OverviewFilter } from "@/lib/reports/figures";
import type { ResolvedPeriod } from "@/lib/reports/period";
import { barLengths } from "./chart-geometry";
import { ChartFrame } from "./chart-frame";
import { countOf, formatCount, type Words } from "./format";

interface BarRow {
  key: string;
  label: ReactNode;
  value: number;
  text: ReactNode;
  href?: string;
}

function Bars({ rows }: { rows: BarRow[] }) {
  const lengths = barLengths(rows.map((r) => r.value));
  return (
    <ul className="space-y-2 text-sm">
      {rows.map((r, i) => (
        <li key={r.key}>
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="min-w-0 truncate font-medium text-slate-800 print:text-black">{r.label}</span>
            <span className="text-slate-700 tabular-nums print:text-black">{r.text}</span>
          </div>
          <svg viewBox="0 0 100 4" preserveAspectRatio="none" className="mt-1 block h-2 w-full">
            <rect x={0} y={0} width={100} height={4} className="fill-slate-100" />
            <rect x={0} y={0} width={lengths[i]} height={4} className="fill-brand-600" />
          </svg>
        </li>
      ))}
    </ul>
  );
}

/** The most bars a breakdown draws; the rest become one "N other …" bar (the table lists every row). */
export const MOST_BARS = 8;

function barsOf(rows: BarRow[], currency: CurrencyCode, others: (count: number) => string): BarRow[] {
  if (rows.length <= MOST_BARS) return rows;
  const rest = rows.slice(MOST_BARS - 1);
  const minor = rest.reduce((sum, r) => sum + r.value, 0);
  return [
    ...rows.slice(0, MOST_BARS - 1),
    { key: "\u0000rest", label: others(rest.length), value: minor, text: <MoneyAmount value={{ minor, currency }} /> },
  ];
}

export interface BreakdownGroup {
  currency: CurrencyCode;
  rows: Array<{ key: string | null; label: string; minor: number; count: number }>;
}

/**
 * Breakdown rows grouped per currency, largest first. One row per key as the ledger spells it (each row's link lists
 * exactly its payments); two spellings people read as one brand ("VC" and "VISA") say which is which.
 */
export function groupBreakdown(items: Breakdown[], label: (key: string | null) => string): BreakdownGroup[] {
  const groups = new Map<CurrencyCode, BreakdownGroup["rows"]>();
  for (const b of items) {
    if (!isCurrencyCode(b.currency)) continue;
    const rows = groups.get(b.currency) ?? [];
    groups.set(b.currency, rows);
    rows.push({ key: b.key, label: label(b.key), minor: b.gross.minor, count: b.gross.count });
  }
  return [...groups.entries()]
    .map(([currency, rows]) => {
      const seen = new Map<string, number>();
      for (const r of rows) seen.set(r.label, (seen.get(r.label) ?? 0) + 1);
      return {
        currency,
        rows: rows
          .map((r) => ((seen.get(r.label) ?? 0) > 1 && r.key !== null ? { ...r, label: `${r.label} (${r.key})` } : r))
          .sort((a, b) => b.minor - a.minor || a.label.localeCompare(b.label)),
      };
    })
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

/** A brand's name, or the words for a brand not known (the catalog's, passed in). */
export const brandName = (key: string | null, unknown: string) => brandLabel(key) ?? unknown;
export const branchName = (key: string | null, none: string) => key ?? none;

export function BreakdownChart({
  title,
  kind,
  group,
  period,
  filter,
}: {
  title: string;
  kind: "brand" | "branch";
  group: BreakdownGroup;
  period: ResolvedPeriod;
  filter: OverviewFilter;
}) {
  const t = useTranslations("overview");
  const w: Words = { t, locale: useLocale() };
  const { currency } = group;
  const hrefOf = (key: string | null) =>
    kind === "brand"
      ? // "none": the payments whose brand is not known (the Transactions list's spelling).
        activityHref("gross", period, period.timeZone, { ...filter, currency, brand: key ?? "none" })
      : // "none": the payments made without a branch.
        activityHref("gross", period, period.timeZone, { ...filter, currency, branchId: key ?? "none" });
  const rows: BarRow[] = group.rows.map((r) => ({
    key: r.key ?? "",
    label: <bdi dir={kind === "branch" ? "auto" : "ltr"}>{r.label}</bdi>,
    value: r.minor,
    text: <MoneyAmount value={{ minor: r.minor, currency }} />,
    href: hrefOf(r.key),
  }));
  return (
    <ChartFrame
      title={title}
      table={{
        columns: [
          { label: kind === "brand" ? t("charts.cardBrand") : t("charts.branch") },
          { label: t("charts.payments"), numeric: true },
          { label: t("charts.grossVolumeIn", { currency }), numeric: true },
        ],
        rows: group.rows.map((r, i) => ({
          key: r.key ?? "",
          cells: [
            rows[i]!.href ? (
              <Link href={rows[i]!.href!} className="text-brand-700 underline underline-offset-2">
                {rows[i]!.label}
              </Link>
            ) : (
              rows[i]!.label
            ),
            formatCount(w, r.count),
            <MoneyAmount key="v" value={{ minor: r.minor, currency }} />,
          ],
        })),
      }}
    >
      <Bars
        rows={barsOf(rows, currency, (count) =>
          kind === "brand" ? t("counts.otherBrands", { count }) : t("counts.otherBranches", { count }),
        )}
      />
    </ChartFrame>
  );
}

export function DeclineReasonsChart({ reasons, declinesHref }: { reasons: DeclineReason[]; declinesHref: string }) {
  const t = useTranslations("overview");
  const w: Words = { t, locale: useLocale() };
  const tv = useTranslations("vocab");
  const label = (r: string | null) => (r ? declineReasonText(tv as unknown as DeclineWords, r) : t("charts.noReason"));
  return (
    <ChartFrame
      title={t("charts.declineTitle")}
      description={
        <Link href={declinesHref} className="text-brand-700 underline underline-offset-2">
          {t("charts.seeDeclined")}
        </Link>
      }
      table={{
        columns: [{ label: t("charts.reason") }, { label: t("charts.declines"), numeric: true }],
        rows: reasons.map((r) => ({
          key: r.reason ?? "",
          cells: [
            <bdi key="r" dir="auto">
              {label(r.reason)}
            </bdi>,
            formatCount(w, r.count),
          ],
        })),
      }}
    >
      <Bars
        rows={reasons.map((r) => ({
          key: r.reason ?? "",
          label: <bdi dir="auto">{label(r.reason)}</bdi>,
          value: r.count,
          text: countOf(w, r.count, "declines"),
        }))}
      />
    </ChartFrame>
  );
}

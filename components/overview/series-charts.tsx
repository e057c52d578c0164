// The Overview's charts over time: gross volume per day (per hour for one day), one chart per currency (never a
// summed axis), and the approval rate per day. SVG drawn in a 100×100 box stretched to a fixed-height plot; the
// axis labels are HTML at the same percentages (see chart-geometry.ts). No client code. Time runs in the reading
// direction (right to left in Arabic, with the value axis on the right): the geometry mirrors the x positions, and
// the labels are placed from the physical left like the SVG they sit under.
import type { CSSProperties, ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import { directionOf, languageOfLocale } from "@/lib/i18n/languages";
import { MoneyAmount } from "@/components/ui/money";
import { currencyDigits, isCurrencyCode, type CurrencyCode } from "@/lib/money";
import type { SeriesPoint } from "@/lib/reports/figures";
import { columnChart, labelledSlots, rateChart, slotLabel, slotLongLabel, type Tick, type TimeDirection } from "./chart-geometry";
import { ChartFrame } from "./chart-frame";
import { compactAmount, formatCount, formatRate, type Words } from "./format";

/** Offset from the plot's physical left edge in % (the geometry has already laid time out in the reading direction). */
const at = (x: number): CSSProperties => ({ left: `${x}%` });

/** The page's reading direction, the way time runs on the x axis. */
function useTimeDirection(): { direction: TimeDirection; locale: string } {
  const locale = useLocale();
  return { direction: directionOf(languageOfLocale(locale)), locale };
}

function Plot({
  ticks,
  tickLabel,
  slots,
  children,
}: {
  ticks: Tick[];
  tickLabel: (v: number) => string;
  slots: Array<{ key: string; x: number }>;
  children: ReactNode;
}) {
  const labelled = labelledSlots(slots.length);
  const locale = useLocale();
  return (
    <div className="grid grid-cols-[2.75rem_minmax(0,1fr)] pe-3 text-[11px] text-slate-600 print:text-black">
      <div className="relative h-40">
        {ticks.map((t) => (
          <span key={t.value} className="absolute end-1.5 -translate-y-1/2 tabular-nums whitespace-nowrap" style={{ top: `${t.y}%` }}>
            {tickLabel(t.value)}
          </span>
        ))}
      </div>
      <div className="relative h-40">
        <svg viewBox="0 0 100 100" preserveAspectRatio="none" className="absolute inset-0 size-full overflow-visible">
          {ticks.map((t) => (
            <line
              key={t.value}
              x1={0}
              x2={100}
              y1={t.y}
              y2={t.y}
              vectorEffect="non-scaling-stroke"
              className="stroke-slate-200"
              strokeWidth={1}
            />
          ))}
          {children}
        </svg>
      </div>
      <div />
      <div className="relative mt-1 h-4">
        {labelled.map((i) => (
          <span key={slots[i]!.key} className="absolute -translate-x-1/2 whitespace-nowrap" style={at(slots[i]!.x)}>
            {slotLabel(slots[i]!.key, locale)}
          </span>
        ))}
      </div>
    </div>
  );
}

export function VolumeChart({ currency, series, hourly }: { currency: CurrencyCode; series: SeriesPoint[]; hourly: boolean }) {
  const t = useTranslations("overview");
  const { direction, locale } = useTimeDirection();
  const w: Words = { t, locale };
  const chart = columnChart(
    series.map((p) => ({ key: p.key, value: p.grossMinor[currency] ?? 0 })),
    direction,
  );
  const digits = currencyDigits(currency);
  // The table lists the days in time order whatever the drawing's direction.
  return (
    <ChartFrame
      title={t("charts.volumeTitle", { unit: hourly ? "hour" : "day", currency })}
      table={{
        columns: [
          { label: hourly ? t("charts.hour") : t("charts.day") },
          { label: t("charts.grossVolumeIn", { currency }), numeric: true },
        ],
        rows: chart.columns.map((c) => ({
          key: c.key,
          cells: [slotLongLabel(c.key, locale), <MoneyAmount key="v" value={{ minor: c.value, currency }} />],
        })),
      }}
    >
      <Plot
        ticks={chart.ticks}
        tickLabel={(v) => compactAmount(w, v, digits)}
        slots={chart.columns.map((c) => ({ key: c.key, x: Math.round((c.x + c.width / 2) * 100) / 100 }))}
      >
        {chart.columns.map((c) =>
          c.height > 0 ? <rect key={c.key} x={c.x} y={c.y} width={c.width} height={c.height} className="fill-brand-600" /> : null,
        )}
      </Plot>
    </ChartFrame>
  );
}

export function ApprovalChart({ series, hourly }: { series: SeriesPoint[]; hourly: boolean }) {
  const t = useTranslations("overview");
  const { direction, locale } = useTimeDirection();
  const w: Words = { t, locale };
  const chart = rateChart(
    series.map((p) => ({ key: p.key, rate: p.attempts > 0 ? p.approved / p.attempts : null })),
    direction,
  );
  return (
    <ChartFrame
      title={t("charts.approvalTitle", { unit: hourly ? "hour" : "day" })}
      description={t("charts.approvalDescription")}
      table={{
        columns: [
          { label: hourly ? t("charts.hour") : t("charts.day") },
          { label: t("charts.attempts"), numeric: true },
          { label: t("charts.approved"), numeric: true },
          { label: t("charts.approvalRate"), numeric: true },
        ],
        rows: series.map((p) => ({
          key: p.key,
          cells: [
            slotLongLabel(p.key, locale),
            formatCount(w, p.attempts),
            formatCount(w, p.approved),
            formatRate(w, p.attempts > 0 ? p.approved / p.attempts : null),
          ],
        })),
      }}
    >
      <div className="relative">
        <Plot ticks={chart.ticks} tickLabel={(v) => t("change.percent", { value: formatCount(w, v * 100) })} slots={chart.points}>
          <path
            d={chart.path}
            fill="none"
            vectorEffect="non-scaling-stroke"
            strokeWidth={2}
            strokeLinejoin="round"
            className="stroke-emerald-600"
          />
        </Plot>
        {/* The points as HTML dots (a stretched SVG would draw ellipses): a lone day between gaps still shows. */}
        <div className="pointer-events-none absolute inset-y-0 start-[2.75rem] end-3 h-40">
          {chart.points.map((p) =>
            p.y === null ? null : (
              <span
                key={p.key}
                className="absolute size-1.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-emerald-700"
                style={{ ...at(p.x), top: `${p.y}%` }}
              />
            ),
          )}
        </div>
      </div>
    </ChartFrame>
  );
}

/** The currencies the volume charts are drawn for: those with money in the period, in the figures' order. */
export function seriesCurrencies(series: SeriesPoint[], order: string[]): CurrencyCode[] {
  const seen = new Set(series.flatMap((p) => Object.keys(p.grossMinor)));
  return [...order.filter((c) => seen.has(c)), ...[...seen].filter((c) => !order.includes(c)).sort()].filter(isCurrencyCode);
}

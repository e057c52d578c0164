// The Overview's charts over time: gross volume per day (per hour for one day), one chart per currency (never a
// summed axis), and the approval rate per day. SVG drawn in a 100×100 box stretched to a fixed-height plot; the
// axis labels are HTML at the same percentages (see chart-geometry.ts). No client code.
import type { CSSProperties, ReactNode } from "react";
import { MoneyAmount } from "@/components/ui/money";
import { currencyDigits, isCurrencyCode, type CurrencyCode } from "@/lib/money";
import type { SeriesPoint } from "@/lib/reports/figures";
import { columnChart, labelledSlots, rateChart, slotLabel, slotLongLabel, type Tick } from "./chart-geometry";
import { ChartFrame } from "./chart-frame";
import { compactAmount, formatRate } from "./format";

/** Inline-start offset in % of the plot (the plot is always laid out left to right: time runs that way). */
const at = (x: number): CSSProperties => ({ insetInlineStart: `${x}%` });

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
  return (
    <div dir="ltr" className="grid grid-cols-[2.75rem_minmax(0,1fr)] pe-3 text-[11px] text-slate-600 print:text-black">
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
            {slotLabel(slots[i]!.key)}
          </span>
        ))}
      </div>
    </div>
  );
}

export function VolumeChart({ currency, series, hourly }: { currency: CurrencyCode; series: SeriesPoint[]; hourly: boolean }) {
  const chart = columnChart(series.map((p) => ({ key: p.key, value: p.grossMinor[currency] ?? 0 })));
  const digits = currencyDigits(currency);
  return (
    <ChartFrame
      title={`Gross volume per ${hourly ? "hour" : "day"}, ${currency}`}
      table={{
        columns: [{ label: hourly ? "Hour" : "Day" }, { label: `Gross volume (${currency})`, numeric: true }],
        rows: chart.columns.map((c) => ({
          key: c.key,
          cells: [slotLongLabel(c.key), <MoneyAmount key="v" value={{ minor: c.value, currency }} />],
        })),
      }}
    >
      <Plot
        ticks={chart.ticks}
        tickLabel={(v) => compactAmount(v, digits)}
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
  const chart = rateChart(series.map((p) => ({ key: p.key, rate: p.attempts > 0 ? p.approved / p.attempts : null })));
  return (
    <ChartFrame
      title={`Approval rate per ${hourly ? "hour" : "day"}`}
      description="Approved ÷ attempted; a gap where nothing was attempted."
      table={{
        columns: [
          { label: hourly ? "Hour" : "Day" },
          { label: "Attempts", numeric: true },
          { label: "Approved", numeric: true },
          { label: "Approval rate", numeric: true },
        ],
        rows: series.map((p) => ({
          key: p.key,
          cells: [
            slotLongLabel(p.key),
            p.attempts.toLocaleString("en"),
            p.approved.toLocaleString("en"),
            formatRate(p.attempts > 0 ? p.approved / p.attempts : null),
          ],
        })),
      }}
    >
      <div className="relative">
        <Plot ticks={chart.ticks} tickLabel={(v) => `${v * 100}%`} slots={chart.points}>
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
        <div dir="ltr" className="pointer-events-none absolute inset-y-0 start-[2.75rem] end-3 h-40">
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

// The charts' geometry, computed on the server with d3-scale and d3-shape (no chart code reaches the browser).
// Every coordinate is a percentage of the plot box (0…100, y downwards): the SVG is drawn in a 100×100 viewBox
// stretched to the box (preserveAspectRatio="none"), and the labels are HTML placed at the same percentages, so the
// text keeps its size at 390 px and at 1440 px and the box's height is fixed (no layout shift).
//
// Time runs in the reading direction: left to right in English, right to left in Arabic (the first day at the
// right, next to the value axis, as an Arabic reader reads a timeline). The geometry does it (the x domain is laid
// out from the right for "rtl"), so the SVG and the HTML labels, both placed from the left edge, agree.
import { scaleBand, scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import { languageOfLocale } from "@/lib/i18n/languages";

/** Which way time runs along the x axis: the reading direction of the page. */
export type TimeDirection = "ltr" | "rtl";

export interface Column {
  key: string;
  value: number;
  /** Left edge (physical, whatever the direction) and width, in % of the plot's width. */
  x: number;
  width: number;
  /** Top edge and height, in % of the plot's height. */
  y: number;
  height: number;
}

export interface Tick {
  value: number;
  /** % from the top. */
  y: number;
}

export interface ColumnChart {
  columns: Column[];
  ticks: Tick[];
  /** The top of the value axis (a "nice" number at or above the largest value). */
  max: number;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Columns for a series (one per day or hour), with 3–5 value ticks. Empty or all-zero series: flat columns. */
export function columnChart(points: Array<{ key: string; value: number }>, direction: TimeDirection = "ltr"): ColumnChart {
  const x = scaleBand<string>()
    .domain(points.map((p) => p.key))
    .range(direction === "rtl" ? [100, 0] : [0, 100])
    .paddingInner(points.length > 40 ? 0.1 : 0.25)
    .paddingOuter(0.1);
  const largest = Math.max(0, ...points.map((p) => p.value));
  const y = scaleLinear()
    .domain([0, largest > 0 ? largest : 1])
    .nice(4)
    .range([100, 0]);
  const max = y.domain()[1]!;
  return {
    columns: points.map((p) => {
      const top = y(Math.max(0, p.value));
      return { key: p.key, value: p.value, x: round(x(p.key)!), width: round(x.bandwidth()), y: round(top), height: round(100 - top) };
    }),
    ticks: y.ticks(4).map((v) => ({ value: v, y: round(y(v)) })),
    max,
  };
}

export interface RatePoint {
  key: string;
  /** % from the left edge (the middle of the point's slot), whatever the direction. */
  x: number;
  /** % from the top; null where nothing was attempted. */
  y: number | null;
  rate: number | null;
}

export interface RateChart {
  points: RatePoint[];
  /** The SVG path of the line in the 100×100 box; breaks where a day had no attempt. */
  path: string;
  ticks: Tick[];
}

/** A rate (0…1) per day or hour as a line over a 0–100% axis; days without attempts leave a gap, not a zero. */
export function rateChart(points: Array<{ key: string; rate: number | null }>, direction: TimeDirection = "ltr"): RateChart {
  const x = scaleBand<string>()
    .domain(points.map((p) => p.key))
    .range(direction === "rtl" ? [100, 0] : [0, 100])
    .paddingOuter(0.1);
  const y = scaleLinear().domain([0, 1]).range([100, 0]);
  const placed: RatePoint[] = points.map((p) => ({
    key: p.key,
    rate: p.rate,
    x: round(x(p.key)! + x.bandwidth() / 2),
    y: p.rate === null ? null : round(y(Math.min(1, Math.max(0, p.rate)))),
  }));
  const path =
    line<RatePoint>()
      .defined((p) => p.y !== null)
      .x((p) => p.x)
      .y((p) => p.y!)(placed) ?? "";
  return { points: placed, path, ticks: [0, 0.5, 1].map((v) => ({ value: v, y: round(y(v)) })) };
}

/** Bar lengths (% of the longest) for a breakdown, largest first as given. */
export function barLengths(values: number[]): number[] {
  const largest = Math.max(0, ...values);
  const x = scaleLinear()
    .domain([0, largest > 0 ? largest : 1])
    .range([0, 100]);
  return values.map((v) => round(x(Math.max(0, v))));
}

/**
 * Which slots get an axis label: at most `most`, evenly spaced, the first always; returns their indexes. A month
 * of days gets about six labels, a day of hours one every four hours.
 */
export function labelledSlots(count: number, most = 6): number[] {
  if (count <= 0) return [];
  const step = Math.max(1, Math.ceil(count / most));
  const out: number[] = [];
  for (let i = 0; i < count; i += step) out.push(i);
  return out;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** English keeps its own month abbreviations (ICU's en-GB says "Sept"); other languages use Intl in their locale. */
const isEnglish = (locale: string) => languageOfLocale(locale) === "en";

const dayFormat = (locale: string, withYear: boolean) =>
  new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: withYear ? "long" : "short",
    ...(withYear ? { year: "numeric" } : {}),
    timeZone: "UTC",
  });

const hourText = (locale: string, h: number) => {
  const two = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  return `${two.format(h)}:${two.format(0)}`;
};

/** A series key as an axis label: "24 Nov" for a day ("2026-11-24"), "14:00" for an hour ("2026-11-24T14"). */
export function slotLabel(key: string, locale = "en-GB"): string {
  const hour = /T(\d{2})$/.exec(key);
  if (hour) return isEnglish(locale) ? `${hour[1]}:00` : hourText(locale, Number(hour[1]));
  const m = /^\d{4}-(\d{2})-(\d{2})$/.exec(key);
  if (!m) return key;
  return isEnglish(locale) ? `${Number(m[2])} ${MONTHS[Number(m[1]) - 1]}` : dayFormat(locale, false).format(new Date(`${key}T00:00:00Z`));
}

/** The same key in full for the tables: "24 Nov 2026", "24 Nov 2026 14:00–15:00". */
export function slotLongLabel(key: string, locale = "en-GB"): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}))?$/.exec(key);
  if (!m) return key;
  const day = isEnglish(locale)
    ? `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}`
    : dayFormat(locale, true).format(new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`));
  if (m[4] === undefined) return day;
  const h = Number(m[4]);
  return isEnglish(locale)
    ? `${day} ${m[4]}:00–${String((h + 1) % 24).padStart(2, "0")}:00`
    : `${day} ${hourText(locale, h)}–${hourText(locale, (h + 1) % 24)}`;
}

// How the Overview words its figures: the change against the previous period ("+12.5% vs previous 30 days"),
// rates ("96.4%"), and the change of a rate in percentage points. Pure and browser-safe; the unit tests pin each
// wording, the empty periods included (no division by zero, no "+Infinity%").

export type Tone = "up" | "down" | "flat" | "none";

export interface Change {
  text: string;
  tone: Tone;
}

/** "previous day", "previous 7 days": the period a figure is compared with. */
export function previousLabel(days: number): string {
  return days === 1 ? "previous day" : `previous ${days.toLocaleString("en")} days`;
}

const percent = (x: number, digits = 1) =>
  `${(Math.round(x * 10 ** (digits + 2)) / 10 ** digits).toLocaleString("en", { minimumFractionDigits: digits, maximumFractionDigits: digits })}%`;

/** A rate (0…1) as people read it: "96.4%"; "—" when there is nothing to divide. */
export function formatRate(rate: number | null): string {
  return rate === null || !Number.isFinite(rate) ? "—" : percent(rate);
}

/**
 * The change of an amount or a count from the previous period. With nothing in the previous period there is no
 * percentage to give: it says so instead of "+∞%".
 */
export function percentChange(current: number, previous: number | null | undefined, days: number, noun = "payments"): Change {
  const vs = `vs ${previousLabel(days)}`;
  if (!previous) {
    return current === 0 ? { text: `No change ${vs}`, tone: "flat" } : { text: `No ${noun} in the previous period`, tone: "none" };
  }
  const change = (current - previous) / previous;
  if (Math.abs(change) < 0.0005) return { text: `No change ${vs}`, tone: "flat" };
  const sign = change > 0 ? "+" : "\u2212";
  return { text: `${sign}${percent(Math.abs(change))} ${vs}`, tone: change > 0 ? "up" : "down" };
}

/** The change of a rate, in percentage points ("+2.1 pts vs previous 7 days"). */
export function rateChange(current: number | null, previous: number | null, days: number, noun = "payments"): Change {
  const vs = `vs ${previousLabel(days)}`;
  if (current === null) return { text: `No ${noun} in this period`, tone: "none" };
  if (previous === null) return { text: `No ${noun} in the previous period`, tone: "none" };
  const points = (current - previous) * 100;
  if (Math.abs(points) < 0.05) return { text: `No change ${vs}`, tone: "flat" };
  const sign = points > 0 ? "+" : "\u2212";
  return {
    text: `${sign}${Math.abs(points).toLocaleString("en", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} pts ${vs}`,
    tone: points > 0 ? "up" : "down",
  };
}

/** "1 payment", "12 payments". */
export function countOf(n: number, one: string, many: string): string {
  return `${n.toLocaleString("en")} ${n === 1 ? one : many}`;
}

/** An axis label for an amount in minor units: "1.2K", "350" (major units, no currency: the chart's title says it). */
export function compactAmount(minor: number, digits: number): string {
  return new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 }).format(minor / 10 ** digits);
}

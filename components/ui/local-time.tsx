"use client";
// The one way a moment is shown: in the reader's own time zone and locale, "24 Nov 2026, 08:09" (seconds where
// order within a minute matters, e.g. a timeline). `relative` shows "5 min ago" where recency matters (queues,
// last sync), with the full time on hover and for screen readers. The server renders UTC (stable for hydration);
// the browser then shows local time. The machine-readable value stays in `dateTime`.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** "5 minutes ago", "in 2 days", "now": the largest whole unit; past a week, null (the date reads better). */
export function relativeTime(iso: string, now: number = Date.now(), locale?: string): string | null {
  const diff = new Date(iso).getTime() - now;
  const abs = Math.abs(diff);
  if (abs >= 7 * 86_400_000) return null;
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: "auto", style: "long" });
  for (const [unit, ms] of UNITS) if (abs >= ms) return rtf.format(Math.trunc(diff / ms), unit);
  return rtf.format(0, "second");
}

export function formatLocalTime(iso: string, withSeconds = false, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: withSeconds ? "medium" : "short" }).format(new Date(iso));
}

export function LocalTime({ iso, withSeconds = false, relative = false }: { iso: string; withSeconds?: boolean; relative?: boolean }) {
  const full = useSyncExternalStore(
    subscribe,
    () => formatLocalTime(iso, withSeconds),
    () => `${iso.slice(0, 16).replace("T", " ")} UTC`,
  );
  const ago = useSyncExternalStore(
    subscribe,
    () => (relative ? relativeTime(iso) : null),
    () => null,
  );
  return (
    <time dateTime={iso} title={ago ? full : undefined} suppressHydrationWarning>
      <bdi dir="ltr">{ago ?? full}</bdi>
    </time>
  );
}

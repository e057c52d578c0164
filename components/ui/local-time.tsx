"use client";
// The one way a moment is shown: in the reader's display zone (the business zone, REPORT_TIME_ZONE, unless they chose
// their browser's: lib/i18n/display-zone.ts) and language, "24 Nov 2026, 08:09" (seconds where order within a minute
// matters, e.g. a timeline). `relative` shows "5 min ago" where recency matters (queues, last sync), with the full
// time on hover and for screen readers. The server knows the zone, so both sides render the same text. The
// machine-readable value stays in `dateTime`. A reader who chose the Hijri line (Account page) sees the Umm al-Qura
// date under it.
import { useLocale } from "next-intl";
import { useSyncExternalStore } from "react";
import { useDisplayZone, useUiPrefs } from "@/components/i18n/ui-prefs";

const subscribe = () => () => {};

// Building an Intl formatter costs far more than using one (locale data, calendars): a list of 50 rows shows 100
// moments, each read at hydration and again on every render. One formatter per locale and options, kept.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ""}|${options.dateStyle ?? ""}|${options.timeStyle ?? ""}|${options.timeZone ?? ""}`;
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

function relativeFormat(locale: string | undefined): Intl.RelativeTimeFormat {
  let f = relativeFormats.get(locale ?? "");
  if (!f) relativeFormats.set(locale ?? "", (f = new Intl.RelativeTimeFormat(locale, { numeric: "auto", style: "long" })));
  return f;
}

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
  const rtf = relativeFormat(locale);
  for (const [unit, ms] of UNITS) if (abs >= ms) return rtf.format(Math.trunc(diff / ms), unit);
  return rtf.format(0, "second");
}

export function formatLocalTime(iso: string, withSeconds = false, locale?: string, timeZone?: string): string {
  return dateFormat(locale, { dateStyle: "medium", timeStyle: withSeconds ? "medium" : "short", timeZone }).format(new Date(iso));
}

/**
 * The Hijri (Umm al-Qura) date of a moment, with the reader's digits: "14 Jumada II 1448 AH". The formatting locale's
 * Gregorian calendar key is replaced; everything else (language, digits) is kept.
 */
export function formatHijriDate(iso: string, locale: string, timeZone?: string): string {
  const base = new Intl.Locale(locale);
  const hijri = new Intl.Locale(base.baseName, { calendar: "islamic-umalqura", numberingSystem: base.numberingSystem ?? "latn" });
  return dateFormat(hijri.toString(), { dateStyle: "long", timeZone }).format(new Date(iso));
}

export function LocalTime({ iso, withSeconds = false, relative = false }: { iso: string; withSeconds?: boolean; relative?: boolean }) {
  const locale = useLocale();
  const { hijri } = useUiPrefs();
  const { zone } = useDisplayZone();
  const full = formatLocalTime(iso, withSeconds, locale, zone);
  const ago = useSyncExternalStore(
    subscribe,
    () => (relative ? relativeTime(iso, Date.now(), locale) : null),
    () => null,
  );
  const hijriLine = hijri && !ago ? formatHijriDate(iso, locale, zone) : null;
  return (
    <time dateTime={iso} title={ago ? full : undefined} suppressHydrationWarning>
      {/* Isolated, direction from its own text: an Arabic date ("٢٤/١١/٢٠٢٦، ١٠:١٥ ص") reads right-to-left. */}
      <bdi>{ago ?? full}</bdi>
      {hijriLine && <span className="block text-xs text-slate-500">{hijriLine}</span>}
    </time>
  );
}

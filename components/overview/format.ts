// How the Overview words its figures: the change against the previous period ("+12.5% vs previous 30 days"),
// rates ("96.4%"), and the change of a rate in percentage points, in the reader's language and digits (the
// `overview` catalog and the formatting locale). Pure and browser-safe; the unit tests pin each wording, the empty
// periods included (no division by zero, no "+Infinity%").
import type { useTranslations } from "next-intl";
import { languageOfLocale } from "@/lib/i18n/languages";

export type Tone = "up" | "down" | "flat" | "none";

export interface Change {
  text: string;
  tone: Tone;
}

/** The overview catalog's translator (useTranslations("overview"), getTranslations or createTranslator). */
export type OverviewT = ReturnType<typeof useTranslations<"overview">>;

/** What the wording needs: the catalog and the formatting locale ("en-GB", "ar-SA-u-ca-gregory-nu-latn"). */
export interface Words {
  t: OverviewT;
  locale: string;
}

/** What a figure counts, for "No payments in the previous period". */
export type Noun = "payments" | "refunds" | "paymentAttempts" | "approvedPayments" | "declines";

/** A figure with a sign kept on its side of the number in a right-to-left sentence (an isolate, Arabic only). */
const isolate = (w: Words, s: string) => (languageOfLocale(w.locale) === "ar" ? `\u2066${s}\u2069` : s);

const fixed = (w: Words, x: number, digits: number) =>
  new Intl.NumberFormat(w.locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: true }).format(x);

const percent = (w: Words, x: number, digits = 1) =>
  w.t("change.percent", { value: fixed(w, Math.round(x * 10 ** (digits + 2)) / 10 ** digits, digits) });

/** "previous day", "previous 7 days": the period a figure is compared with. */
export function previousLabel(w: Words, days: number): string {
  return w.t("change.previous", { days });
}

/** A rate (0…1) as people read it: "96.4%"; "—" when there is nothing to divide. */
export function formatRate(w: Words, rate: number | null): string {
  return rate === null || !Number.isFinite(rate) ? "—" : isolate(w, percent(w, rate));
}

/**
 * The change of an amount or a count from the previous period. With nothing in the previous period there is no
 * percentage to give: it says so instead of "+∞%".
 */
export function percentChange(
  w: Words,
  current: number,
  previous: number | null | undefined,
  days: number,
  noun: Noun = "payments",
): Change {
  const vs = previousLabel(w, days);
  if (!previous) {
    return current === 0
      ? { text: w.t("change.noChange", { previous: vs }), tone: "flat" }
      : { text: w.t(`change.noneBefore.${noun}`), tone: "none" };
  }
  const change = (current - previous) / previous;
  if (Math.abs(change) < 0.0005) return { text: w.t("change.noChange", { previous: vs }), tone: "flat" };
  const sign = change > 0 ? "+" : "\u2212";
  return {
    text: w.t("change.moved", { change: isolate(w, `${sign}${percent(w, Math.abs(change))}`), previous: vs }),
    tone: change > 0 ? "up" : "down",
  };
}

/** The change of a rate, in percentage points ("+2.1 pts vs previous 7 days"). */
export function rateChange(w: Words, current: number | null, previous: number | null, days: number, noun: Noun = "payments"): Change {
  const vs = previousLabel(w, days);
  if (current === null) return { text: w.t(`change.noneNow.${noun}`), tone: "none" };
  if (previous === null) return { text: w.t(`change.noneBefore.${noun}`), tone: "none" };
  const points = (current - previous) * 100;
  if (Math.abs(points) < 0.05) return { text: w.t("change.noChange", { previous: vs }), tone: "flat" };
  const sign = points > 0 ? "+" : "\u2212";
  return {
    text: w.t("change.moved", {
      change: isolate(w, w.t("change.points", { value: `${sign}${fixed(w, Math.abs(points), 1)}` })),
      previous: vs,
    }),
    tone: points > 0 ? "up" : "down",
  };
}

/** "1 payment", "12 payments" (the catalog's plural forms, the reader's digits). */
export function countOf(w: Words, n: number, noun: "payments" | "refunds" | "attempts" | "declines"): string {
  return w.t(`counts.${noun}`, { count: n });
}

/** A count in the reader's digits: "1,200". */
export function formatCount(w: Words, n: number): string {
  return new Intl.NumberFormat(w.locale).format(n);
}

/** An axis label for an amount in minor units: "1.2K", "350" (major units, no currency: the chart's title says it). */
export function compactAmount(w: Words, minor: number, digits: number): string {
  // English keeps "1.3K" (en-GB's compact form is "1.3k").
  const locale = languageOfLocale(w.locale) === "en" ? "en" : w.locale;
  return new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 }).format(minor / 10 ** digits);
}

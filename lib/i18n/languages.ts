// The dashboard's languages and how a person's choice becomes an Intl locale. Browser-safe (used by the sign-in
// switch, the Account page and the server's request config alike).
//
// A choice is three things: the language (catalog and direction), the digits in Arabic (Latin by default: what
// Saudi businesses use in finance; Arabic-Indic on request) and whether dates also show the Hijri date. The calendar
// stays Gregorian (`ar-SA-u-ca-gregory`): `ar-SA` alone would default to the Islamic calendar.

export const LANGUAGES = ["en", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export const DIGIT_STYLES = ["latn", "arab"] as const;
export type DigitStyle = (typeof DIGIT_STYLES)[number];

export interface UiPrefs {
  language: Language;
  /** Only Arabic offers Arabic-Indic digits; English always shows Latin ones. */
  digits: DigitStyle;
  /** Show the Hijri (Umm al-Qura) date as a second line wherever a date is shown. */
  hijri: boolean;
}

/**
 * Whose clock dates are shown in: the business's (REPORT_TIME_ZONE: every person, screen and export reads the same
 * day) or, by a person's choice, their browser's own. Exports always keep the business zone.
 */
export const TIME_ZONE_CHOICES = ["business", "browser"] as const;
export type TimeZoneChoice = (typeof TIME_ZONE_CHOICES)[number];

export function isTimeZoneChoice(value: unknown): value is TimeZoneChoice {
  return typeof value === "string" && (TIME_ZONE_CHOICES as readonly string[]).includes(value);
}

export const DEFAULT_UI_PREFS: UiPrefs = { language: DEFAULT_LANGUAGE, digits: "latn", hijri: false };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function isDigitStyle(value: unknown): value is DigitStyle {
  return typeof value === "string" && (DIGIT_STYLES as readonly string[]).includes(value);
}

/** Text direction of a language (for `<html dir>`). */
export function directionOf(language: Language): "ltr" | "rtl" {
  return language === "ar" ? "rtl" : "ltr";
}

/** The language's own name, shown in switches whatever the current language is (a reader finds their own). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", ar: "العربية" };

/**
 * The Intl locale for formatting numbers, amounts and dates: British English (day before month, as in the Gulf), or
 * Saudi Arabic on the Gregorian calendar with the chosen digits.
 */
export function formatLocaleOf(prefs: Pick<UiPrefs, "language" | "digits">): string {
  if (prefs.language === "ar") return `ar-SA-u-ca-gregory-nu-${prefs.digits}`;
  return "en-GB";
}

/** The language part of a locale tag made by formatLocaleOf (or any BCP 47 tag): "ar-SA-u-…" → "ar". */
export function languageOfLocale(locale: string): Language {
  const language = locale.split("-")[0]?.toLowerCase();
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/**
 * The best of our languages for an `Accept-Language` header, honouring q-values ("ar-SA,ar;q=0.9,en;q=0.8" → ar);
 * English when none matches or the header is missing or malformed.
 */
export function negotiateLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  let best: { language: Language; q: number; index: number } | null = null;
  header.split(",").forEach((part, index) => {
    const [range, ...params] = part.trim().split(";");
    const language = range?.trim().split("-")[0]?.toLowerCase();
    if (!isLanguage(language)) return;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0 || q > 1) return;
    if (!best || q > best.q || (q === best.q && index < best.index)) best = { language, q, index };
  });
  return (best as { language: Language } | null)?.language ?? DEFAULT_LANGUAGE;
}

/** The `ui-prefs` cookie: "ar.latn.0". Kept by the sign-in switch and the Account page; read before Accept-Language. */
export const UI_PREFS_COOKIE = "ui-prefs";

export function serializeUiPrefs(prefs: UiPrefs): string {
  return `${prefs.language}.${prefs.digits}.${prefs.hijri ? 1 : 0}`;
}

/** A cookie value back to preferences; null when absent or not one we wrote (then the browser's languages decide). */
export function parseUiPrefs(value: string | null | undefined): UiPrefs | null {
  const [language, digits, hijri] = (value ?? "").split(".");
  if (!isLanguage(language) || !isDigitStyle(digits) || (hijri !== "0" && hijri !== "1")) return null;
  return { language, digits, hijri: hijri === "1" };
}

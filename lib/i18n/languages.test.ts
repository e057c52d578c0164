// Rules guarded (#15): the language is the user's saved choice, else this browser's cookie, else Accept-Language
// (q-values honoured), else English; Arabic keeps the Gregorian calendar and Latin digits unless the user chose
// Arabic-Indic ones; a tampered cookie is ignored, never trusted.
import { describe, expect, it } from "vitest";
import { directionOf, formatLocaleOf, negotiateLanguage, parseUiPrefs, serializeUiPrefs } from "./languages";

describe("negotiateLanguage", () => {
  it("takes the best-weighted of our languages", () => {
    expect(negotiateLanguage("ar-SA,ar;q=0.9,en;q=0.8")).toBe("ar");
    expect(negotiateLanguage("en-US,en;q=0.9,ar;q=0.8")).toBe("en");
    expect(negotiateLanguage("fr-FR,ar;q=0.5,en;q=0.4")).toBe("ar");
    expect(negotiateLanguage("en;q=0.2, ar;q=0.7")).toBe("ar");
  });
  it("falls back to English for none, a foreign list or garbage", () => {
    expect(negotiateLanguage(null)).toBe("en");
    expect(negotiateLanguage("fr,de;q=0.9")).toBe("en");
    expect(negotiateLanguage("ar;q=abc")).toBe("en");
    expect(negotiateLanguage("ar;q=0")).toBe("en");
  });
});

describe("formatLocaleOf", () => {
  it("Gregorian Arabic with the chosen digits; British English otherwise", () => {
    expect(formatLocaleOf({ language: "ar", digits: "latn" })).toBe("ar-SA-u-ca-gregory-nu-latn");
    expect(formatLocaleOf({ language: "ar", digits: "arab" })).toBe("ar-SA-u-ca-gregory-nu-arab");
    expect(formatLocaleOf({ language: "en", digits: "arab" })).toBe("en-GB");
    const date = new Intl.DateTimeFormat(formatLocaleOf({ language: "ar", digits: "latn" }), { year: "numeric", timeZone: "UTC" });
    expect(date.format(new Date("2026-11-24T00:00:00Z"))).toContain("2026");
  });
  it("right-to-left for Arabic only", () => {
    expect(directionOf("ar")).toBe("rtl");
    expect(directionOf("en")).toBe("ltr");
  });
});

describe("the ui-prefs cookie", () => {
  it("round-trips", () => {
    const prefs = { language: "ar", digits: "arab", hijri: true } as const;
    expect(parseUiPrefs(serializeUiPrefs(prefs))).toEqual(prefs);
  });
  it("ignores a value it did not write", () => {
    for (const bad of [undefined, "", "fr.latn.0", "ar.roman.0", "ar.latn.yes", "ar", "<script>"]) expect(parseUiPrefs(bad)).toBeNull();
  });
});

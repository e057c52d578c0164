// The Overview's wording of changes and rates. Rules guarded: a previous period without payments gives a sentence,
// never "+Infinity%" or "NaN%"; a fall shows a true minus sign; rates move in percentage points; an empty period
// gives "—", not "0%" (nothing was attempted, nothing was approved or refused).
// Issue #15: the same wording in Arabic, from the catalog, in the reader's digits, with the signed figure isolated
// so that "+12.5%" keeps its sign on the left inside a right-to-left sentence.
import { describe, expect, it } from "vitest";
import type { DigitStyle, Language } from "@/lib/i18n/languages";
import { translatorOf } from "@/tests/support/translators.support";
import { compactAmount, countOf, formatRate, percentChange, previousLabel, rateChange, type Words } from "./format";

const words = (language: Language, digits: DigitStyle = "latn"): Words => translatorOf("overview", language, digits);
const en = words("en");

describe("percentChange (figures against the previous period of the same length)", () => {
  it("says the rise or fall in percent against the previous days", () => {
    expect(percentChange(en, 11_250, 10_000, 30)).toEqual({ text: "+12.5% vs previous 30 days", tone: "up" });
    expect(percentChange(en, 5_000, 20_000, 7)).toEqual({ text: "\u221275.0% vs previous 7 days", tone: "down" });
    expect(percentChange(en, 0, 20_000, 1)).toEqual({ text: "\u2212100.0% vs previous day", tone: "down" });
  });

  it("has no percentage when the previous period had nothing (no division by zero)", () => {
    expect(percentChange(en, 5_000, 0, 30)).toEqual({ text: "No payments in the previous period", tone: "none" });
    expect(percentChange(en, 5_000, null, 30, "refunds")).toEqual({ text: "No refunds in the previous period", tone: "none" });
    expect(percentChange(en, 0, 0, 30).text).toBe("No change vs previous 30 days");
  });

  it("calls a change under 0.05% no change, not +0.0%", () => {
    expect(percentChange(en, 100_001, 100_000, 7).text).toBe("No change vs previous 7 days");
  });
});

describe("rates", () => {
  it("formats a rate with one decimal, and an empty period as a dash", () => {
    expect(formatRate(en, 0.8)).toBe("80.0%");
    expect(formatRate(en, 0.96432)).toBe("96.4%");
    expect(formatRate(en, 1)).toBe("100.0%");
    expect(formatRate(en, null)).toBe("—");
    expect(formatRate(en, Number.NaN)).toBe("—");
  });

  it("moves a rate in percentage points, and says when either period had nothing", () => {
    expect(rateChange(en, 0.8, 1, 30)).toEqual({ text: "\u221220.0 pts vs previous 30 days", tone: "down" });
    expect(rateChange(en, 0.95, 0.9, 1)).toEqual({ text: "+5.0 pts vs previous day", tone: "up" });
    expect(rateChange(en, 0.9, 0.9, 7).tone).toBe("flat");
    expect(rateChange(en, 0.9, null, 7, "paymentAttempts").text).toBe("No payment attempts in the previous period");
    expect(rateChange(en, null, 0.9, 7).text).toBe("No payments in this period");
  });
});

describe("small words", () => {
  it("names the previous period and counts in the singular and plural", () => {
    expect(previousLabel(en, 1)).toBe("previous day");
    expect(previousLabel(en, 367)).toBe("previous 367 days");
    expect(countOf(en, 1, "payments")).toBe("1 payment");
    expect(countOf(en, 1200, "payments")).toBe("1,200 payments");
  });

  it("labels an axis in major units of the currency, compactly", () => {
    expect(compactAmount(en, 125_000, 2)).toBe("1.3K");
    expect(compactAmount(en, 35_000, 2)).toBe("350");
    expect(compactAmount(en, 1_500_000, 3)).toBe("1.5K");
    expect(compactAmount(en, 0, 2)).toBe("0");
  });
});

describe("Arabic", () => {
  const ar = words("ar");
  const arab = words("ar", "arab");

  it("words the change from the catalog, the signed figure isolated", () => {
    expect(percentChange(ar, 11_250, 10_000, 30)).toEqual({ text: "\u2066+12.5%\u2069 مقابل الأيام الـ30 السابقة", tone: "up" });
    expect(percentChange(ar, 11_250, 10_000, 7).text).toBe("\u2066+12.5%\u2069 مقابل الأيام الـ7 السابقة");
    expect(percentChange(ar, 0, 0, 1).text).toBe("دون تغيير مقابل اليوم السابق");
    expect(percentChange(ar, 5_000, 0, 30, "refunds").text).toBe("لا عمليات استرداد في الفترة السابقة");
    expect(rateChange(ar, 0.95, 0.9, 2).text).toBe("\u2066+5.0 نقطة مئوية\u2069 مقابل اليومين السابقين");
  });

  it("uses the reader's digits", () => {
    expect(formatRate(arab, 0.96432)).toBe("\u2066٩٦٫٤%\u2069");
    expect(countOf(ar, 1, "payments")).toBe("دفعة واحدة");
    expect(countOf(ar, 3, "payments")).toBe("3 دفعات");
    expect(countOf(ar, 1200, "payments")).toBe("1,200 دفعة");
    expect(countOf(arab, 12, "payments")).toBe("١٢ دفعة");
  });
});

// The Overview's wording of changes and rates. Rules guarded: a previous period without payments gives a sentence,
// never "+Infinity%" or "NaN%"; a fall shows a true minus sign; rates move in percentage points; an empty period
// gives "—", not "0%" (nothing was attempted, nothing was approved or refused).
import { describe, expect, it } from "vitest";
import { compactAmount, countOf, formatRate, percentChange, previousLabel, rateChange } from "./format";

describe("percentChange (figures against the previous period of the same length)", () => {
  it("says the rise or fall in percent against the previous days", () => {
    expect(percentChange(11_250, 10_000, 30)).toEqual({ text: "+12.5% vs previous 30 days", tone: "up" });
    expect(percentChange(5_000, 20_000, 7)).toEqual({ text: "\u221275.0% vs previous 7 days", tone: "down" });
    expect(percentChange(0, 20_000, 1)).toEqual({ text: "\u2212100.0% vs previous day", tone: "down" });
  });

  it("has no percentage when the previous period had nothing (no division by zero)", () => {
    expect(percentChange(5_000, 0, 30)).toEqual({ text: "No payments in the previous period", tone: "none" });
    expect(percentChange(5_000, null, 30, "refunds")).toEqual({ text: "No refunds in the previous period", tone: "none" });
    expect(percentChange(0, 0, 30).text).toBe("No change vs previous 30 days");
  });

  it("calls a change under 0.05% no change, not +0.0%", () => {
    expect(percentChange(100_001, 100_000, 7).text).toBe("No change vs previous 7 days");
  });
});

describe("rates", () => {
  it("formats a rate with one decimal, and an empty period as a dash", () => {
    expect(formatRate(0.8)).toBe("80.0%");
    expect(formatRate(0.96432)).toBe("96.4%");
    expect(formatRate(1)).toBe("100.0%");
    expect(formatRate(null)).toBe("—");
    expect(formatRate(Number.NaN)).toBe("—");
  });

  it("moves a rate in percentage points, and says when either period had nothing", () => {
    expect(rateChange(0.8, 1, 30)).toEqual({ text: "\u221220.0 pts vs previous 30 days", tone: "down" });
    expect(rateChange(0.95, 0.9, 1)).toEqual({ text: "+5.0 pts vs previous day", tone: "up" });
    expect(rateChange(0.9, 0.9, 7).tone).toBe("flat");
    expect(rateChange(0.9, null, 7, "payment attempts").text).toBe("No payment attempts in the previous period");
    expect(rateChange(null, 0.9, 7).text).toBe("No payments in this period");
  });
});

describe("small words", () => {
  it("names the previous period and counts in the singular and plural", () => {
    expect(previousLabel(1)).toBe("previous day");
    expect(previousLabel(367)).toBe("previous 367 days");
    expect(countOf(1, "payment", "payments")).toBe("1 payment");
    expect(countOf(1200, "payment", "payments")).toBe("1,200 payments");
  });

  it("labels an axis in major units of the currency, compactly", () => {
    expect(compactAmount(125_000, 2)).toBe("1.3K");
    expect(compactAmount(35_000, 2)).toBe("350");
    expect(compactAmount(1_500_000, 3)).toBe("1.5K");
    expect(compactAmount(0, 2)).toBe("0");
  });
});

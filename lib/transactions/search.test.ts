// Rule guarded: an amount typed in the list's search is read exactly in each currency's own units (no floats;
// "275" is 275.00 SAR and 275 JPY, never 2.75), with an optional currency code; other text is not an amount.
import { describe, expect, it } from "vitest";
import { isLast4, searchAmounts } from "./search";

const minorOf = (text: string, currency: string) => searchAmounts(text)?.find((a) => a.currency === currency)?.minor;

describe("transactions search: amounts and last four", () => {
  it("reads amounts in each currency's units", () => {
    expect(minorOf("275.50", "SAR")).toBe(27550);
    expect(minorOf("275", "SAR")).toBe(27500);
    expect(minorOf("275", "JPY")).toBe(275);
    expect(minorOf("275.50", "JPY")).toBeUndefined();
    expect(minorOf("1,250.00", "SAR")).toBe(125000);
    expect(searchAmounts("SAR 275.5")).toEqual([{ currency: "SAR", minor: 27550 }]);
    expect(searchAmounts("275.5", "USD")).toEqual([{ currency: "USD", minor: 27550 }]);
    expect(searchAmounts("SAR 1", "USD")).toEqual([]);
  });
  it("other text is not an amount", () => {
    for (const t of ["INV-275", "abc", "1e3", "-5", "12,34", "XYZ 10", ""]) expect(searchAmounts(t)).toBeNull();
  });
  it("four digits are a last four", () => {
    expect(isLast4("4242")).toBe(true);
    expect(isLast4("424")).toBe(false);
    expect(isLast4("42424")).toBe(false);
  });
});

// Rule guarded (issue #17): the CSV export's faster amount text is exactly the money module's decimal, for every
// currency and every safe non-negative amount; anything else still goes through minorToDecimal (and its refusal).
import { describe, expect, it } from "vitest";
import { CURRENCY_CODES, minorToDecimal } from "@/lib/money";
import { integerText, ledgerDecimal } from "./format";

describe("ledger amounts as text", () => {
  it("writes String(n) for safe non-negative integers", () => {
    const edges = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 10_000, 100_001, 999_999, 1_000_000, 2 ** 31, Number.MAX_SAFE_INTEGER];
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const samples = [...edges, ...Array.from({ length: 2000 }, (_, i) => Math.floor(random() * 10 ** (1 + (i % 15))))];
    for (const n of samples) expect(integerText(n)).toBe(String(n));
  });

  it("matches minorToDecimal in every currency, and the raw minor units for an unknown one", () => {
    for (const currency of CURRENCY_CODES) {
      for (const minor of [0, 5, 50, 105, 1050, 123_456_789_012, Number.MAX_SAFE_INTEGER]) {
        expect(ledgerDecimal(minor, currency)).toBe(minorToDecimal(minor, currency));
      }
    }
    expect(ledgerDecimal(1050, "XYZ")).toBe("1050");
    expect(ledgerDecimal(-5, "XYZ")).toBe("-5");
  });

  it("refuses what minorToDecimal refuses (a negative or unsafe amount in a known currency)", () => {
    expect(() => ledgerDecimal(-1, "SAR")).toThrow(RangeError);
    expect(() => ledgerDecimal(2 ** 53 + 2, "SAR")).toThrow(RangeError);
  });
});

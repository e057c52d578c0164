// Rule guarded: money is integer minor units; the gateway string is exact and is the string that gets hashed;
// parsing never goes through floats (0.1 + 0.2 problems) and never silently rounds.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalToMinor, formatMoney, minorToDecimal, money, toGatewayAmount, toWholeGatewayAmount, formatMoneyCompact } from "./money";

describe("money", () => {
  it("formats two decimals for two-digit currencies, as the contract's amount strings", () => {
    expect(toGatewayAmount(money(1050, "SAR"))).toBe("10.50");
    expect(toGatewayAmount(money(5, "USD"))).toBe("0.05");
    expect(toGatewayAmount(money(0, "USD"))).toBe("0.00");
    expect(toGatewayAmount(money(1234, "KWD"))).toBe("1.234");
    expect(toGatewayAmount(money(7, "JPY"))).toBe("7");
  });
  it("GATEWAY_AMOUNT_DECIMALS=two: every currency with two places; a fils amount that needs a third is refused, not rounded", () => {
    expect(toGatewayAmount(money(1050, "SAR"), "two")).toBe("10.50");
    expect(toGatewayAmount(money(1230, "KWD"), "two")).toBe("1.23");
    expect(toGatewayAmount(money(5000, "BHD"), "two")).toBe("5.00");
    expect(toGatewayAmount(money(1234, "KWD"), "two")).toBeNull();
    expect(toGatewayAmount(money(7, "JPY"), "two")).toBe("7.00");
    expect(toGatewayAmount(money(0, "JPY"), "two")).toBe("0.00");
  });
  it("two decimals read back as the same amount: what is sent is what the ledger holds", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.constantFrom("SAR", "KWD", "JPY" as const), (minor, cur) => {
        const wire = toGatewayAmount(money(minor, cur), "two");
        if (wire === null) expect(minor % 10).not.toBe(0);
        else expect(decimalToMinor(wire, cur)).toBe(minor);
      }),
    );
  });
  it("gives whole digits for RECURRING_SALE, and refuses a fractional amount rather than rounding", () => {
    expect(toWholeGatewayAmount(money(1000, "SAR"))).toBe("10");
    expect(toWholeGatewayAmount(money(1050, "SAR"))).toBeNull();
  });
  it("parses decimals exactly and refuses what is not an amount", () => {
    expect(decimalToMinor("10.5", "SAR")).toBe(1050);
    expect(decimalToMinor("0.29", "USD")).toBe(29); // 0.29 * 100 is 28.999999999999996 as a float
    expect(decimalToMinor("10.500", "SAR")).toBe(1050);
    expect(decimalToMinor("10.505", "SAR")).toBeNull();
    for (const bad of ["", "-1", "1e3", "1,000", "abc", "1.2.3", " . "]) expect(decimalToMinor(bad, "SAR")).toBeNull();
  });
  it("refuses negative and fractional minor units (programming errors)", () => {
    expect(() => money(-1, "SAR")).toThrow();
    expect(() => money(1.5, "SAR")).toThrow();
  });
  it("round-trips every amount between minor units and the wire string", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 13 }), fc.constantFrom("SAR", "KWD", "JPY" as const), (minor, cur) => {
        expect(decimalToMinor(minorToDecimal(minor, cur), cur)).toBe(minor);
      }),
    );
  });
  it("formats for people with the currency", () => {
    expect(formatMoney(money(123456, "USD"), "en-US")).toBe("USD\u00a01,234.56");
  });
  it("formats in Arabic with the code first and the chosen digits (rule: amounts never reorder, digits per user)", () => {
    expect(formatMoney(money(125000, "SAR"), "ar-SA-u-ca-gregory-nu-latn")).toBe("SAR\u00a01,250.00");
    expect(formatMoney(money(125000, "SAR"), "ar-SA-u-ca-gregory-nu-arab")).toBe("SAR\u00a0١٬٢٥٠٫٠٠");
    expect(formatMoney(money(1234, "KWD"), "ar-SA-u-ca-gregory-nu-latn")).toBe("KWD\u00a01.234");
  });
});

describe("compact amounts for the Overview's tiles", () => {
  it("rule: a tile never cuts the leading digits. From ten million up the amount is compact; below it, exact", () => {
    expect(formatMoneyCompact({ minor: 999_999_999, currency: "SAR" })).toBeNull(); // 9,999,999.99 fits as it is
    expect(formatMoneyCompact({ minor: 12_345_678_912, currency: "SAR" }, "en-GB")).toBe("SAR\u00a0123.46m");
    expect(formatMoneyCompact({ minor: 12_345_678_912, currency: "SAR" }, "ar-SA")).toMatch(/^SAR\u00a0١٢٣٫٤٦\s?مليون$/u);
    expect(formatMoneyCompact({ minor: 99_999_999_999_999, currency: "KWD" }, "en-GB")).toBe("KWD\u00a0100bn");
  });
});

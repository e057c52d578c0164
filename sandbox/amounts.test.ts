// Rules guarded: the sandbox reads amounts as strictly as the gateway writes them (contract: "decimal with two
// places"; RECURRING_SALE whole digits only), so a loosely formatted client amount fails here, not in production.
import { describe, expect, it } from "vitest";
import { formatAmount, readAmountJson, readAmountText, readWholeAmount } from "./amounts";

const minorOf = (r: ReturnType<typeof readAmountText>) => (r.ok ? r.minor : r.problem);

describe("text amounts (form SALE, CAPTURE, CREDITVOID, partial refund)", () => {
  it("takes exactly two decimals for a two-decimal currency: 10.50 SAR is 1050, 0.01 is 1", () => {
    expect(minorOf(readAmountText("10.50", "SAR"))).toBe(1050);
    expect(minorOf(readAmountText("0.01", "SAR"))).toBe(1);
    expect(minorOf(readAmountText("123456789012.34", "USD"))).toBe(12345678901234);
  });

  it("refuses 10.5 where two decimals are required", () => {
    expect(readAmountText("10.5", "SAR")).toEqual({ ok: false, problem: "must be written with 2 decimal places (e.g. 10.50) for SAR" });
  });

  it("refuses 10 (no decimals) where two decimals are required", () => {
    expect(readAmountText("10", "SAR").ok).toBe(false);
  });

  it("refuses 10.500 (three decimals) for a two-decimal currency, even though the value is the same", () => {
    expect(readAmountText("10.500", "SAR").ok).toBe(false);
  });

  it("refuses signs, leading zeros, exponents, commas, spaces, a bare point and non-ASCII digits", () => {
    for (const text of [
      "+10.00",
      "-10.00",
      "010.00",
      "1e3",
      "1.5e2",
      "10,00",
      "1,000.00",
      " 10.00",
      "10.00 ",
      ".50",
      "10.",
      "١٠.٥٠",
      "10.0O",
      "",
    ]) {
      expect(readAmountText(text, "SAR"), text).toMatchObject({ ok: false });
    }
  });

  it("refuses a zero amount (0.00): nothing to charge or refund", () => {
    expect(readAmountText("0.00", "SAR")).toEqual({ ok: false, problem: "must be greater than zero" });
  });

  it("refuses more than 15 digits, so minor units never leave the safe integers", () => {
    expect(readAmountText("12345678901234.00", "SAR").ok).toBe(false);
    expect(minorOf(readAmountText("1234567890123.00", "SAR"))).toBe(123456789012300);
  });

  it("takes the ISO 4217 exponent for currencies the contract does not show: 3 decimals for KWD, none for JPY", () => {
    expect(minorOf(readAmountText("1.234", "KWD"))).toBe(1234);
    expect(readAmountText("1.23", "KWD").ok).toBe(false);
    expect(minorOf(readAmountText("500", "JPY"))).toBe(500);
    expect(readAmountText("500.00", "JPY").ok).toBe(false);
  });
});

describe("JSON number amounts (S2S sale, hosted initiate, recurring v2)", () => {
  it("takes a JSON number with up to the currency's decimals (10.50 arrives as 10.5)", () => {
    expect(minorOf(readAmountJson(10.5, "SAR"))).toBe(1050);
    expect(minorOf(readAmountJson(10, "SAR"))).toBe(1000);
    expect(minorOf(readAmountJson(1.234, "KWD"))).toBe(1234);
  });

  it("refuses a JSON number with more decimals than the currency has (10.123 SAR)", () => {
    expect(readAmountJson(10.123, "SAR")).toEqual({ ok: false, problem: "has more than 2 decimal places for SAR" });
    expect(readAmountJson(5.5, "JPY").ok).toBe(false);
  });

  it("refuses numbers written in exponent form, negatives, zero, NaN and non-numbers", () => {
    for (const value of [1e21, 1e-7, -5, 0, Number.NaN, Number.POSITIVE_INFINITY, true, null, {}, []]) {
      expect(readAmountJson(value, "SAR"), String(value)).toMatchObject({ ok: false });
    }
  });

  it("reads a string in a JSON number field by the text rule: 10.50 is taken, 10.5 is refused", () => {
    expect(minorOf(readAmountJson("10.50", "SAR"))).toBe(1050);
    expect(readAmountJson("10.5", "SAR").ok).toBe(false);
  });
});

describe("RECURRING_SALE order_amount (whole digits only)", () => {
  it("takes whole digits and refuses a decimal point, a sign, a leading zero or zero", () => {
    expect(readWholeAmount("25")).toEqual({ ok: true, units: 25 });
    for (const text of ["25.00", "25.5", "+25", "-25", "025", "0", "", "2 5", "1e2"]) expect(readWholeAmount(text).ok, text).toBe(false);
  });
});

describe("the sandbox's amount formatter", () => {
  it("writes the currency's decimal places: 1050 SAR is 10.50, 5 SAR is 0.05, 1234 KWD is 1.234, 5 JPY is 5", () => {
    expect(formatAmount(1050, "SAR")).toBe("10.50");
    expect(formatAmount(5, "SAR")).toBe("0.05");
    expect(formatAmount(0, "SAR")).toBe("0.00");
    expect(formatAmount(1234, "KWD")).toBe("1.234");
    expect(formatAmount(5, "JPY")).toBe("5");
  });

  it("formats what the strict parser reads back to the same minor units (round trip)", () => {
    for (const [minor, currency] of [
      [1, "SAR"],
      [100, "USD"],
      [987654321, "EUR"],
      [7, "KWD"],
      [12, "JPY"],
    ] as const) {
      expect(minorOf(readAmountText(formatAmount(minor, currency), currency))).toBe(minor);
    }
  });

  it("refuses to format a negative or fractional number of minor units", () => {
    expect(() => formatAmount(-1, "SAR")).toThrow(RangeError);
    expect(() => formatAmount(1.5, "SAR")).toThrow(RangeError);
  });
});

describe("GATEWAY_AMOUNT_DECIMALS=two: two places for every currency (the contract's words read literally)", () => {
  it("reads KWD 1.23 as 1,230 fils and JPY 7.00 as 7 yen; refuses the ISO forms", () => {
    expect(readAmountText("1.23", "KWD", "two")).toEqual({ ok: true, minor: 1_230 });
    expect(readAmountText("7.00", "JPY", "two")).toEqual({ ok: true, minor: 7 });
    expect(readAmountText("1.234", "KWD", "two").ok).toBe(false);
    expect(readAmountText("7", "JPY", "two").ok).toBe(false);
    expect(readAmountText("10.50", "SAR", "two")).toEqual({ ok: true, minor: 1_050 });
  });
  it("refuses a yen fraction: JPY 7.50 has no minor unit to be", () => {
    const read = readAmountText("7.50", "JPY", "two");
    expect(read.ok).toBe(false);
    expect(read.ok ? "" : read.problem).toMatch(/JPY does not have/);
  });
  it("JSON numbers take up to two places: 1.2 KWD is 1,200 fils, 1.234 is refused", () => {
    expect(readAmountJson(1.2, "KWD", { decimals: "two" })).toEqual({ ok: true, minor: 1_200 });
    expect(readAmountJson(1.234, "KWD", { decimals: "two" }).ok).toBe(false);
    expect(readAmountJson(7, "JPY", { decimals: "two" })).toEqual({ ok: true, minor: 7 });
  });
  it("writes its own amounts the same way, and never cuts a third decimal", () => {
    expect(formatAmount(1_230, "KWD", "two")).toBe("1.23");
    expect(formatAmount(7, "JPY", "two")).toBe("7.00");
    expect(() => formatAmount(1_234, "KWD", "two")).toThrow(RangeError);
  });
});

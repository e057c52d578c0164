// Rules guarded: a settlement file's amounts are read exactly into minor units whichever way the acquirer writes
// them (group separators, a comma for decimals, the currency's code, Arabic-Indic digits and separators, a refund as
// "(12.50)", "-12.50" or "12.50-"), and anything that is not exactly an amount of that currency is refused rather than
// guessed (two signs, a misplaced group, more decimals than the currency has, a formula); dates are read in the
// declared format and the file's time zone (01:30 in Riyadh is 22:30 UTC the day before), and a day that does not
// exist is refused; a masked card gives its last four digits only.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DATE_FORMATS, readAmount, readCalendarDate, readCardLast4, readDateTime, writeDateTime } from "./settlement-values";

describe("readAmount", () => {
  it.each([
    ["1250.00", 125_000],
    ["1,250.00", 125_000],
    ["1,250", 125_000],
    ["  1 250.5 ", 125_050],
    ["SAR 1,250.00", 125_000],
    ["1,250.00 SAR", 125_000],
    ["(12.50)", -1_250],
    ["-12.50", -1_250],
    ["12.50-", -1_250],
    ["\u221212.50", -1_250],
    ["+12.50", 1_250],
    ["١٬٢٥٠٫٥٠", 125_050],
    ["0", 0],
    ["-0.00", 0],
    ["10.500", 1_050],
  ])("%s → %i minor (SAR)", (text, minor) => {
    expect(readAmount(text, "SAR")).toBe(minor);
  });

  it("reads a comma as the decimal separator when the layout says so", () => {
    expect(readAmount("1.250,75", "SAR", ",")).toBe(125_075);
    expect(readAmount("1250,75", "EUR", ",")).toBe(125_075);
    expect(readAmount("1,250.75", "SAR", ",")).toBeNull();
  });

  it("reads a three-decimal currency's fils and a zero-decimal currency's whole units", () => {
    expect(readAmount("12.345", "KWD")).toBe(12_345);
    expect(readAmount("1,000", "JPY")).toBe(1_000);
    expect(readAmount("1000.5", "JPY")).toBeNull();
  });

  it.each(["", "abc", "12.345", "1,25.00", "12..5", "(-12.50)", "--12", "=A2*0.02", "1e5", "12.50 USD", "0x10", "99999999999999999"])(
    "refuses %j in SAR",
    (text) => {
      expect(readAmount(text, "SAR")).toBeNull();
    },
  );

  it("round-trips every amount written with or without group separators (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (minor) => {
        const abs = Math.abs(minor);
        const plain = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
        const grouped = `${Math.floor(abs / 100).toLocaleString("en-US")}.${String(abs % 100).padStart(2, "0")}`;
        const sign = minor < 0 ? "-" : "";
        expect(readAmount(`${sign}${plain}`, "SAR")).toBe(minor === 0 ? 0 : minor);
        expect(readAmount(`${sign}${grouped}`, "SAR")).toBe(minor === 0 ? 0 : minor);
      }),
    );
  });
});

describe("readDateTime and readCalendarDate", () => {
  it("reads a Riyadh wall-clock time as the instant it names", () => {
    expect(readDateTime("2026-12-07 01:30", "YYYY-MM-DD", "Asia/Riyadh")?.toISOString()).toBe("2026-12-06T22:30:00.000Z");
    expect(readDateTime("07/12/2026 01:30:15", "DD/MM/YYYY", "Asia/Riyadh")?.toISOString()).toBe("2026-12-06T22:30:15.000Z");
    expect(readDateTime("12/07/2026", "MM/DD/YYYY", "Asia/Dubai")?.toISOString()).toBe("2026-12-06T20:00:00.000Z");
    expect(readDateTime("20261207", "YYYYMMDD", "UTC")?.toISOString()).toBe("2026-12-07T00:00:00.000Z");
    expect(readDateTime("٠٧.١٢.٢٠٢٦", "DD.MM.YYYY", "UTC")?.toISOString()).toBe("2026-12-07T00:00:00.000Z");
    expect(readDateTime("2026-12-07T01:30:00", "YYYY-MM-DD", "Asia/Riyadh")?.toISOString()).toBe("2026-12-06T22:30:00.000Z");
  });

  it.each([
    ["31/02/2026", "DD/MM/YYYY"],
    ["2026-13-01", "YYYY-MM-DD"],
    ["07/12/2026 24:00", "DD/MM/YYYY"],
    ["07/12/2026 noon", "DD/MM/YYYY"],
    ["2026-12-07", "DD/MM/YYYY"],
    ["", "YYYY-MM-DD"],
  ] as const)("refuses %j as %s", (text, format) => {
    expect(readDateTime(text, format, "Asia/Riyadh")).toBeNull();
  });

  it("a spreadsheet's date cell, written the layout's way, reads back as the same wall-clock instant in every format (property)", () => {
    expect(writeDateTime(new Date(Date.UTC(2026, 11, 7, 1, 30, 5)), "DD/MM/YYYY")).toBe("07/12/2026 01:30:05");
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1990-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }),
        fc.constantFrom(...DATE_FORMATS),
        (d, format) => {
          const seconds = new Date(Math.floor(d.getTime() / 1000) * 1000);
          expect(readDateTime(writeDateTime(seconds, format), format, "UTC")?.getTime()).toBe(seconds.getTime());
        },
      ),
    );
  });

  it("gives the calendar day of a settlement date", () => {
    expect(readCalendarDate("7/1/2026", "DD/MM/YYYY")?.date).toBe("2026-01-07");
  });
});

describe("readCardLast4", () => {
  it.each([
    ["411111******1111", "1111"],
    ["4111 11XX XXXX 1111", "1111"],
    ["****0008", "0008"],
    ["•••• 4242", "4242"],
  ])("%s → %s", (masked, last4) => {
    expect(readCardLast4(masked)).toBe(last4);
  });

  it("never takes a whole card number for a masked one", () => {
    expect(readCardLast4("4111111111111111")).toBeNull();
    expect(readCardLast4("card")).toBeNull();
  });
});

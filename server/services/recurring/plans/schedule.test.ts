// Rules guarded: cycle dates never drift (computed from the anchor, not from the previous date); a month without
// the anchor day is charged on its last day and the next month returns to the anchor day; dates are UTC calendar
// dates, weekly is exactly 7 days; missed cycles after a long pause are skipped, never charged in bulk.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cycleDate, nextCycleAfter, parseDate, startOfDate } from "./schedule";

describe("billing-cycle dates", () => {
  it("monthly on the 31st: last day of shorter months, then back to the 31st (no drift to the 28th)", () => {
    const dates = [0, 1, 2, 3, 4].map((n) => cycleDate("2025-01-31", "monthly", n));
    expect(dates).toEqual(["2025-01-31", "2025-02-28", "2025-03-31", "2025-04-30", "2025-05-31"]);
    expect(cycleDate("2024-01-31", "monthly", 1)).toBe("2024-02-29");
    expect(cycleDate("2025-11-30", "monthly", 2)).toBe("2026-01-30");
  });

  it("yearly on Feb 29: Feb 28 in common years, Feb 29 again in leap years", () => {
    expect([0, 1, 4].map((n) => cycleDate("2024-02-29", "yearly", n))).toEqual(["2024-02-29", "2025-02-28", "2028-02-29"]);
  });

  it("weekly: exactly 7 days, across month and year ends", () => {
    expect([0, 1, 2].map((n) => cycleDate("2025-12-24", "weekly", n))).toEqual(["2025-12-24", "2025-12-31", "2026-01-07"]);
  });

  it("property: a monthly date is in the right month, on min(anchor day, month length), and is a real date", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 2100 }),
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 0, max: 600 }),
        (y, m0, d, n) => {
          const last = new Date(Date.UTC(y, m0 + 1, 0)).getUTCDate();
          const anchor = `${y}-${String(m0 + 1).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
          const got = parseDate(cycleDate(anchor, "monthly", n))!;
          expect(got).not.toBeNull();
          const months = m0 + n;
          expect(got.year).toBe(y + Math.floor(months / 12));
          expect(got.month0).toBe(months % 12);
          const monthLength = new Date(Date.UTC(got.year, got.month0 + 1, 0)).getUTCDate();
          expect(got.day).toBe(Math.min(Math.min(d, last), monthLength));
        },
      ),
    );
  });

  it("property: dates strictly increase with the cycle number, for every interval", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }),
        fc.constantFrom("weekly" as const, "monthly" as const, "yearly" as const),
        fc.integer({ min: 0, max: 300 }),
        (d, interval, n) => {
          const anchor = d.toISOString().slice(0, 10);
          expect(cycleDate(anchor, interval, n + 1) > cycleDate(anchor, interval, n)).toBe(true);
        },
      ),
    );
  });

  it("missed cycles are skipped: after a long pause the next cycle is the first one dated today or later", () => {
    const now = new Date("2025-06-15T10:00:00Z");
    expect(nextCycleAfter("2025-01-10", "monthly", 0, now, "Asia/Riyadh")).toBe(6); // 2025-07-10
    expect(nextCycleAfter("2025-01-15", "monthly", 0, now, "Asia/Riyadh")).toBe(5); // 2025-06-15 is today: due
    expect(nextCycleAfter("2025-06-01", "monthly", 0, now, "Asia/Riyadh")).toBe(1); // 2025-07-01
  });

  it("'today' is the business zone's: at 01:30 in Riyadh (22:30 UTC the day before) the cycle dated that day is due", () => {
    const now = new Date("2025-06-14T22:30:00Z"); // 2025-06-15 01:30 in Riyadh
    expect(nextCycleAfter("2025-01-15", "monthly", 0, now, "Asia/Riyadh")).toBe(5); // 2025-06-15: today in Riyadh
    expect(nextCycleAfter("2025-01-14", "monthly", 0, now, "Asia/Riyadh")).toBe(6); // 2025-06-14 has passed there
  });

  it("a cycle falls due at midnight of its date in the business zone; impossible dates are refused", () => {
    expect(startOfDate("2025-03-01", "Asia/Riyadh").toISOString()).toBe("2025-02-28T21:00:00.000Z");
    expect(startOfDate("2025-03-01", "UTC").toISOString()).toBe("2025-03-01T00:00:00.000Z");
    expect(parseDate("2025-02-29")).toBeNull();
    expect(parseDate("2025-13-01")).toBeNull();
    expect(() => cycleDate("31/01/2025", "monthly", 1)).toThrow();
  });
});

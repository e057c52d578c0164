// Rules guarded (#14 scheduled reports): a schedule runs at its time of day on the reporting zone's wall clock
// (never UTC's), on the right weekday or day of the month, strictly after the last slot (no double run of one
// slot); a clock change in a DST zone neither skips nor repeats a run; the report covers the previous day, the
// previous 7 days or the previous calendar month of the zone, across month and year ends.
import { describe, expect, it } from "vitest";
import { currentPeriodFor, latestDueSlot, nextRunAfter, reportPeriodFor, zonedInstant } from "./next-run";

const RIYADH = "Asia/Riyadh"; // UTC+3 all year
const LONDON = "Europe/London"; // GMT / BST
const iso = (d: Date) => d.toISOString();

describe("next run of a schedule", () => {
  it("daily at 07:00 Riyadh is 04:00 UTC, today if not yet passed, else tomorrow", () => {
    const t = { frequency: "daily", timeOfDay: "07:00", weekday: null, monthDay: null } as const;
    expect(iso(nextRunAfter(t, RIYADH, new Date("2026-03-10T03:59:00Z")))).toBe("2026-03-10T04:00:00.000Z");
    expect(iso(nextRunAfter(t, RIYADH, new Date("2026-03-10T04:00:00Z")))).toBe("2026-03-11T04:00:00.000Z"); // strictly after
    // 23:30 UTC on the 10th is already the 11th in Riyadh (02:30): the next 07:00 is the 11th's.
    expect(iso(nextRunAfter(t, RIYADH, new Date("2026-03-10T23:30:00Z")))).toBe("2026-03-11T04:00:00.000Z");
  });

  it("daily at 01:30 Riyadh falls on the previous UTC day", () => {
    const t = { frequency: "daily", timeOfDay: "01:30", weekday: null, monthDay: null } as const;
    expect(iso(nextRunAfter(t, RIYADH, new Date("2026-03-10T12:00:00Z")))).toBe("2026-03-10T22:30:00.000Z");
  });

  it("weekly on Monday (1) at 07:00 finds the next Monday in the zone", () => {
    const t = { frequency: "weekly", timeOfDay: "07:00", weekday: 1, monthDay: null } as const;
    // 2026-11-24 is a Tuesday.
    expect(iso(nextRunAfter(t, RIYADH, new Date("2026-11-24T10:00:00Z")))).toBe("2026-11-30T04:00:00.000Z");
    expect(iso(nextRunAfter(t, RIYADH, new Date("2026-11-30T03:00:00Z")))).toBe("2026-11-30T04:00:00.000Z");
  });

  it("monthly on the 28th, across February and the year end", () => {
    const t = { frequency: "monthly", timeOfDay: "06:00", weekday: null, monthDay: 28 } as const;
    expect(iso(nextRunAfter(t, RIYADH, new Date("2026-02-28T03:00:00Z")))).toBe("2026-03-28T03:00:00.000Z");
    expect(iso(nextRunAfter(t, RIYADH, new Date("2026-12-28T04:00:00Z")))).toBe("2027-01-28T03:00:00.000Z");
    const first = { ...t, monthDay: 1 };
    expect(iso(nextRunAfter(first, RIYADH, new Date("2026-01-31T12:00:00Z")))).toBe("2026-02-01T03:00:00.000Z");
  });

  it("a DST zone: 07:00 London is 07:00 UTC in winter and 06:00 UTC in summer, one run per day across the change", () => {
    const t = { frequency: "daily", timeOfDay: "07:00", weekday: null, monthDay: null } as const;
    // Clocks go forward on Sunday 2026-03-29 at 01:00 UTC.
    const sat = nextRunAfter(t, LONDON, new Date("2026-03-28T00:00:00Z"));
    const sun = nextRunAfter(t, LONDON, sat);
    const mon = nextRunAfter(t, LONDON, sun);
    expect([sat, sun, mon].map(iso)).toEqual(["2026-03-28T07:00:00.000Z", "2026-03-29T06:00:00.000Z", "2026-03-30T06:00:00.000Z"]);
  });

  it("a DST zone: a skipped time runs after the jump; a repeated time runs once, at its first occurrence", () => {
    // 01:30 does not exist in London on 2026-03-29 (01:00 → 02:00): runs at 02:30 BST = 01:30 UTC.
    expect(iso(zonedInstant("2026-03-29", "01:30", LONDON))).toBe("2026-03-29T01:30:00.000Z");
    // 01:30 happens twice on 2026-10-25 (BST 00:30 UTC, then GMT 01:30 UTC): the first one.
    expect(iso(zonedInstant("2026-10-25", "01:30", LONDON))).toBe("2026-10-25T00:30:00.000Z");
    const t = { frequency: "daily", timeOfDay: "01:30", weekday: null, monthDay: null } as const;
    const first = nextRunAfter(t, LONDON, new Date("2026-10-24T12:00:00Z"));
    expect(iso(first)).toBe("2026-10-25T00:30:00.000Z");
    expect(iso(nextRunAfter(t, LONDON, first))).toBe("2026-10-26T01:30:00.000Z"); // not again at 01:30 UTC
  });

  it("a scheduler that was down runs once, for the latest slot that is due", () => {
    const t = { frequency: "daily", timeOfDay: "07:00", weekday: null, monthDay: null } as const;
    const due = new Date("2026-03-10T04:00:00Z");
    expect(iso(latestDueSlot(t, RIYADH, due, new Date("2026-03-13T05:00:00Z")))).toBe("2026-03-13T04:00:00.000Z");
    expect(iso(latestDueSlot(t, RIYADH, due, new Date("2026-03-10T04:00:01Z")))).toBe("2026-03-10T04:00:00.000Z");
  });
});

describe("the days a run reports on", () => {
  it("daily: the previous day of the zone (a run at 01:30 Riyadh on the 11th is 22:30 UTC on the 10th)", () => {
    expect(reportPeriodFor("daily", new Date("2026-03-10T22:30:00Z"), RIYADH)).toEqual({ firstDay: "2026-03-10", lastDay: "2026-03-10" });
  });
  it("weekly: the 7 days before the run's day", () => {
    expect(reportPeriodFor("weekly", new Date("2026-03-02T04:00:00Z"), RIYADH)).toEqual({ firstDay: "2026-02-23", lastDay: "2026-03-01" });
  });
  it("monthly: the previous calendar month, February and the year end included", () => {
    expect(reportPeriodFor("monthly", new Date("2026-03-01T03:00:00Z"), RIYADH)).toEqual({ firstDay: "2026-02-01", lastDay: "2026-02-28" });
    expect(reportPeriodFor("monthly", new Date("2028-03-15T03:00:00Z"), RIYADH)).toEqual({ firstDay: "2028-02-01", lastDay: "2028-02-29" });
    expect(reportPeriodFor("monthly", new Date("2027-01-01T03:00:00Z"), RIYADH)).toEqual({ firstDay: "2026-12-01", lastDay: "2026-12-31" });
  });
});

describe("the days of “Send now … so far”", () => {
  it("today; the last 7 days including today; this month up to today (the zone's today, not UTC's)", () => {
    const at = new Date("2026-03-31T22:30:00Z"); // 01:30 on 1 April in Riyadh
    expect(currentPeriodFor("daily", at, RIYADH)).toEqual({ firstDay: "2026-04-01", lastDay: "2026-04-01" });
    expect(currentPeriodFor("weekly", at, RIYADH)).toEqual({ firstDay: "2026-03-26", lastDay: "2026-04-01" });
    expect(currentPeriodFor("monthly", at, RIYADH)).toEqual({ firstDay: "2026-04-01", lastDay: "2026-04-01" });
  });
});

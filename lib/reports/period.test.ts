// Rules guarded: a reporting period is whole calendar days of the reporting zone (Riyadh midnight is 21:00 UTC),
// compared with the period of the same length just before it; one day charts per hour; a custom range must be
// real days in order and at most MAX_PERIOD_DAYS long (a year of figures, not an unbounded scan); the reporting
// zone must be a whole number of hours from UTC (the rollup counts per UTC hour).
import { describe, expect, it } from "vitest";
import { checkReportTimeZone, hasWholeHourOffsets, MAX_PERIOD_DAYS, PeriodError, resolvePeriod } from "./period";

const NOW = new Date("2026-03-15T22:30:00Z"); // already the 16th in Riyadh (01:30)

describe("resolvePeriod", () => {
  it("counts days in the reporting zone: after 21:00 UTC it is tomorrow in Riyadh", () => {
    const p = resolvePeriod({ period: "today" }, "Asia/Riyadh", NOW);
    expect(p).toMatchObject({ firstDay: "2026-03-16", lastDay: "2026-03-16", days: 1, hourly: true });
    expect(p.from.toISOString()).toBe("2026-03-15T21:00:00.000Z");
    expect(p.to.toISOString()).toBe("2026-03-16T21:00:00.000Z");
    expect(p.previous).toMatchObject({ firstDay: "2026-03-15", lastDay: "2026-03-15", days: 1 });
  });

  it("defaults to the last 30 days, compared with the 30 before", () => {
    const p = resolvePeriod({}, "Asia/Riyadh", NOW);
    expect(p).toMatchObject({ preset: "30d", firstDay: "2026-02-15", lastDay: "2026-03-16", days: 30, hourly: false });
    expect(p.previous).toMatchObject({ firstDay: "2026-01-16", lastDay: "2026-02-14", days: 30 });
  });

  it("knows yesterday, the last 7 days and this month", () => {
    expect(resolvePeriod({ period: "yesterday" }, "Asia/Riyadh", NOW)).toMatchObject({ firstDay: "2026-03-15", lastDay: "2026-03-15" });
    expect(resolvePeriod({ period: "7d" }, "Asia/Riyadh", NOW)).toMatchObject({ firstDay: "2026-03-10", lastDay: "2026-03-16" });
    const month = resolvePeriod({ period: "month" }, "Asia/Riyadh", NOW);
    expect(month).toMatchObject({ firstDay: "2026-03-01", lastDay: "2026-03-16", days: 16 });
    expect(month.previous).toMatchObject({ firstDay: "2026-02-13", lastDay: "2026-02-28" });
  });

  it("takes a custom range of days, and refuses a reversed, unreal or too long one", () => {
    expect(resolvePeriod({ from: "2026-02-01", to: "2026-02-28" }, "Asia/Dubai", NOW)).toMatchObject({ preset: "custom", days: 28 });
    expect(resolvePeriod({ period: "custom", from: "2026-02-03" }, "Asia/Dubai", NOW)).toMatchObject({
      lastDay: "2026-02-03",
      hourly: true,
    });
    expect(() => resolvePeriod({ period: "custom" }, "Asia/Riyadh", NOW)).toThrow(PeriodError);
    expect(() => resolvePeriod({ from: "2026-02-30", to: "2026-03-01" }, "Asia/Riyadh", NOW)).toThrow(PeriodError);
    expect(() => resolvePeriod({ from: "2026-03-02", to: "2026-03-01" }, "Asia/Riyadh", NOW)).toThrow("ends before it starts");
    expect(() => resolvePeriod({ from: "2024-01-01", to: "2026-01-01" }, "Asia/Riyadh", NOW)).toThrow(`${MAX_PERIOD_DAYS} days`);
  });
});

describe("the reporting zone", () => {
  it("accepts the Gulf's zones and names them canonically; refuses half-hour zones and unknown names", () => {
    expect(checkReportTimeZone("Asia/Riyadh", NOW)).toEqual({ zone: "Asia/Riyadh" });
    expect(checkReportTimeZone("Asia/Dubai", NOW)).toEqual({ zone: "Asia/Dubai" });
    expect(hasWholeHourOffsets("Europe/London", 2026)).toBe(true); // DST moves by a whole hour
    expect(checkReportTimeZone("Asia/Kolkata", NOW)).toHaveProperty("error");
    expect(checkReportTimeZone("Mars/Olympus", NOW)).toHaveProperty("error");
  });
});

// Rule guarded: a date filter means calendar days in the user's own time zone, exactly, including the days when
// the clocks change; an unknown zone is refused rather than silently read as UTC.
import { describe, expect, it } from "vitest";
import {
  canonicalTimeZone,
  formatEpochMsInZone,
  formatInZone,
  isCalendarDate,
  nextCalendarDate,
  startOfDayInZone,
  todayInZone,
} from "./zoned-time";

describe("time zones", () => {
  it("accepts IANA zones (canonical spelling) and refuses anything else", () => {
    expect(canonicalTimeZone("Asia/Riyadh")).toBe("Asia/Riyadh");
    expect(canonicalTimeZone("utc")).toBe("UTC");
    expect(canonicalTimeZone("Mars/Olympus")).toBeNull();
    expect(canonicalTimeZone("")).toBeNull();
    expect(canonicalTimeZone("Asia/Riyadh'; drop table payments;--")).toBeNull();
  });

  it("local midnight in a zone without daylight saving is a fixed offset away from UTC", () => {
    expect(startOfDayInZone("2024-03-01", "Asia/Riyadh").toISOString()).toBe("2024-02-29T21:00:00.000Z");
    expect(startOfDayInZone("2024-03-01", "UTC").toISOString()).toBe("2024-03-01T00:00:00.000Z");
    expect(startOfDayInZone("2024-03-01", "Pacific/Kiritimati").toISOString()).toBe("2024-02-29T10:00:00.000Z");
    expect(startOfDayInZone("2024-03-01", "America/Los_Angeles").toISOString()).toBe("2024-03-01T08:00:00.000Z");
  });

  it("follows daylight saving: London's midnight is 23:00 UTC in summer and 00:00 UTC in winter", () => {
    expect(startOfDayInZone("2024-07-01", "Europe/London").toISOString()).toBe("2024-06-30T23:00:00.000Z");
    expect(startOfDayInZone("2024-01-15", "Europe/London").toISOString()).toBe("2024-01-15T00:00:00.000Z");
    // The change day itself (clocks go forward at 01:00 on 2024-03-31): midnight is still GMT.
    expect(startOfDayInZone("2024-03-31", "Europe/London").toISOString()).toBe("2024-03-31T00:00:00.000Z");
    expect(startOfDayInZone("2024-04-01", "Europe/London").toISOString()).toBe("2024-03-31T23:00:00.000Z");
  });

  it("a day whose midnight does not exist starts when the clocks jump (Santiago, 2023-09-03 00:00 → 01:00)", () => {
    expect(startOfDayInZone("2023-09-03", "America/Santiago").toISOString()).toBe("2023-09-03T04:00:00.000Z");
    expect(formatInZone(startOfDayInZone("2023-09-03", "America/Santiago"), "America/Santiago")).toBe("2023-09-03 01:00:00");
  });

  it("a day whose midnight happens twice starts at the first one (Santiago, 2024-04-07 00:00 → 23:00 the day before)", () => {
    // Clocks fall back at 2024-04-07 00:00 (-03) to 2024-04-06 23:00 (-04): 2024-04-07 starts once, at 04:00Z.
    const start = startOfDayInZone("2024-04-07", "America/Santiago");
    expect(formatInZone(start, "America/Santiago")).toBe("2024-04-07 00:00:00");
    expect(formatInZone(new Date(start.getTime() - 1000), "America/Santiago")).toBe("2024-04-06 23:59:59");
  });

  it("checks calendar dates and steps to the next day across month and year ends", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2023-02-29")).toBe(false);
    expect(isCalendarDate("2024-13-01")).toBe(false);
    expect(isCalendarDate("24-01-01")).toBe(false);
    expect(nextCalendarDate("2024-02-29")).toBe("2024-03-01");
    expect(nextCalendarDate("2024-12-31")).toBe("2025-01-01");
  });

  it("formatting (cached per 15-minute slice) agrees with Intl at every second around a clock change", () => {
    const f = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Europe/London",
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    const intl = (d: Date) => f.format(d).replace(",", "");
    // 2024-03-31 01:00 UTC: London jumps from 01:00 GMT to 02:00 BST. Walk 40 minutes either side, second by second.
    for (let t = Date.UTC(2024, 2, 31, 0, 20); t <= Date.UTC(2024, 2, 31, 1, 40); t += 1000) {
      expect(formatInZone(new Date(t), "Europe/London")).toBe(intl(new Date(t)));
    }
  });

  it("formats an instant as the zone's wall clock", () => {
    expect(formatInZone(new Date("2024-03-01T21:30:05Z"), "Asia/Riyadh")).toBe("2024-03-02 00:30:05");
    expect(formatInZone(new Date("2024-03-01T21:30:05Z"), "UTC")).toBe("2024-03-01 21:30:05");
  });

  // Issue #17: the export formats dates without a Date per row; the text must be exactly what Intl reads.
  it("formats epoch milliseconds exactly as Intl's wall clock, across centuries, zones and leap days", () => {
    const zones = ["UTC", "Asia/Riyadh", "America/Santiago", "Europe/London", "Asia/Kolkata", "Pacific/Chatham", "Africa/Casablanca"];
    const intl = new Map(
      zones.map((zone) => {
        const f = new Intl.DateTimeFormat("en-CA", {
          timeZone: zone,
          hourCycle: "h23",
          year: "numeric",
          month: "2-digit",
          day: "2-digit",
          hour: "2-digit",
          minute: "2-digit",
          second: "2-digit",
        });
        return [zone, (ms: number) => f.format(new Date(ms)).replace(",", "")];
      }),
    );
    let seed = 17;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const instants = [Date.UTC(2024, 1, 29, 23, 59, 59, 999), Date.UTC(2000, 1, 29, 12), Date.UTC(1970, 0, 1), -1, 0, 999, 1000];
    for (let i = 0; i < 1000; i++)
      instants.push(Math.floor(Date.UTC(1901, 0, 1) + random() * (Date.UTC(2100, 0, 1) - Date.UTC(1901, 0, 1))));
    for (const ms of instants) {
      for (const zone of zones) expect(formatEpochMsInZone(ms, zone), `${ms} in ${zone}`).toBe(intl.get(zone)!(ms));
    }
  });

  it("formats years outside 1000–9999 as before (the Date route)", () => {
    expect(formatEpochMsInZone(Date.UTC(999, 11, 31, 23, 59, 59), "UTC")).toBe("0999-12-31 23:59:59");
    expect(formatEpochMsInZone(Date.UTC(10000, 0, 1, 0, 0, 1), "UTC")).toBe("10000-01-01 00:00:01");
    expect(formatEpochMsInZone(Date.UTC(9999, 11, 31, 23, 59, 59), "UTC")).toBe("9999-12-31 23:59:59");
  });
});

describe("the business day", () => {
  it("01:30 in Riyadh is already the next day there while UTC still reads the day before (one business day for every screen)", () => {
    const at = new Date("2026-11-27T22:30:00Z"); // 01:30 on 28 Nov in Riyadh
    expect(todayInZone("Asia/Riyadh", at)).toBe("2026-11-28");
    expect(todayInZone("UTC", at)).toBe("2026-11-27");
    expect(formatInZone(at, "Asia/Riyadh")).toBe("2026-11-28 01:30:00");
  });
});

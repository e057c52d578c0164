// When a report schedule runs and which days its report covers, on the reporting zone's wall clock
// (REPORT_TIME_ZONE). A slot is a time of day on a matching calendar day: every day, one weekday, or one day of
// the month (1–28). In a zone with clock changes, a time that does not exist that day (skipped by spring-forward)
// runs at the same time after the jump, and one that happens twice (fall-back) runs at the first.
// No `import "server-only"`: pure date arithmetic, unit-tested.
import { addDays, dayInZone } from "@/lib/reports/period";
import type { ScheduleFrequency, ScheduleTiming } from "@/lib/schemas/report-schedules-values";
import { wallClock } from "@/lib/transactions/zoned-time";

const DAY_MS = 86_400_000;

/** The zone's offset from UTC at an instant (ms). */
function offsetAt(instantMs: number, zone: string): number {
  const w = wallClock(instantMs, zone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instantMs / 1000) * 1000;
}

/** The instant at which the wall clock in `zone` reads `day` `hh:mm` (see the header for gaps and overlaps). */
export function zonedInstant(day: string, hhmm: string, zone: string): Date {
  const [y, mo, d] = day.split("-").map(Number) as [number, number, number];
  const [h, mi] = hhmm.split(":").map(Number) as [number, number];
  const local = Date.UTC(y, mo - 1, d, h, mi);
  const offsets = [...new Set([offsetAt(local - DAY_MS, zone), offsetAt(local, zone), offsetAt(local + DAY_MS, zone)])];
  const exact = offsets.map((o) => local - o).filter((t) => t + offsetAt(t, zone) === local);
  if (exact.length) return new Date(Math.min(...exact));
  // A skipped time: read it with the offset from before the jump, which lands after the jump by the gap's length.
  return new Date(local - offsetAt(local - DAY_MS, zone));
}

function dayMatches(t: ScheduleTiming, day: string): boolean {
  if (t.frequency === "daily") return true;
  if (t.frequency === "weekly") return new Date(`${day}T00:00:00Z`).getUTCDay() === t.weekday;
  return Number(day.slice(8, 10)) === t.monthDay;
}

/** The first slot strictly after `after`. */
export function nextRunAfter(t: ScheduleTiming, zone: string, after: Date): Date {
  const start = addDays(dayInZone(after, zone), -1);
  // A monthly slot is at most 31 days away; look a little further to be safe.
  for (let i = 0; i < 64; i++) {
    const day = addDays(start, i);
    if (!dayMatches(t, day)) continue;
    const at = zonedInstant(day, t.timeOfDay, zone);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new RangeError(`no slot for ${JSON.stringify(t)} within 64 days`);
}

/** The latest slot at or before `now`, starting from a due slot (a scheduler that was down runs once, for the latest). */
export function latestDueSlot(t: ScheduleTiming, zone: string, due: Date, now: Date): Date {
  let slot = due;
  for (let i = 0; i < 400; i++) {
    const next = nextRunAfter(t, zone, slot);
    if (next.getTime() > now.getTime()) return slot;
    slot = next;
  }
  return slot;
}

/**
 * The days a run at `at` reports on (inclusive, in the zone): daily → the previous day; weekly → the 7 days before
 * the run's day; monthly → the previous calendar month.
 */
export function reportPeriodFor(frequency: ScheduleFrequency, at: Date, zone: string): { firstDay: string; lastDay: string } {
  const today = dayInZone(at, zone);
  const yesterday = addDays(today, -1);
  switch (frequency) {
    case "daily":
      return { firstDay: yesterday, lastDay: yesterday };
    case "weekly":
      return { firstDay: addDays(today, -7), lastDay: yesterday };
    case "monthly": {
      const lastDay = addDays(`${today.slice(0, 8)}01`, -1);
      return { firstDay: `${lastDay.slice(0, 8)}01`, lastDay };
    }
  }
}

/**
 * The days "Send now … so far" covers: the period that is still running at `at` — today; the last 7 days including
 * today; this month up to today.
 */
export function currentPeriodFor(frequency: ScheduleFrequency, at: Date, zone: string): { firstDay: string; lastDay: string } {
  const today = dayInZone(at, zone);
  switch (frequency) {
    case "daily":
      return { firstDay: today, lastDay: today };
    case "weekly":
      return { firstDay: addDays(today, -6), lastDay: today };
    case "monthly":
      return { firstDay: `${today.slice(0, 8)}01`, lastDay: today };
  }
}

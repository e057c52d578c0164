// Billing-cycle arithmetic in calendar dates (YYYY-MM-DD) of the business time zone (REPORT_TIME_ZONE): a cycle dated
// 1 March falls due at midnight of 1 March in Riyadh, the day finance and the customer count in. A cycle's date is always computed from the plan's
// anchor date and the cycle number, never from the previous date, so a monthly plan anchored on the 31st is
// charged on the last day of shorter months and comes back to the 31st afterwards (Jan 31 → Feb 28/29 → Mar 31),
// and a yearly plan anchored on Feb 29 falls on Feb 28 in common years. Pure: the scheduler, the services and the
// page all use it.

import type { PlanInterval } from "@/lib/schemas/billing-plans";
import { startOfDayInZone, todayInZone } from "@/lib/transactions/zoned-time";

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month0: number): number {
  return new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
}

/** Parses YYYY-MM-DD strictly (a real calendar date), or null. */
export function parseDate(text: string): { year: number; month0: number; day: number } | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month0 = Number(m[2]) - 1;
  const day = Number(m[3]);
  if (year < 1970 || month0 < 0 || month0 > 11 || day < 1 || day > daysInMonth(year, month0)) return null;
  return { year, month0, day };
}

export function formatDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Midnight of a date in the business zone: when a cycle falls due. */
export function startOfDate(date: string, zone: string): Date {
  if (!parseDate(date)) throw new Error(`not a date: ${date}`);
  return startOfDayInZone(date, zone);
}

/** The date of cycle `n` (0 = the anchor date itself). */
export function cycleDate(anchor: string, interval: PlanInterval, n: number): string {
  const a = parseDate(anchor);
  if (!a) throw new Error(`not a date: ${anchor}`);
  if (!Number.isInteger(n) || n < 0) throw new Error(`not a cycle number: ${n}`);
  if (interval === "weekly") return formatDate(new Date(Date.UTC(a.year, a.month0, a.day) + 7 * n * DAY_MS));
  const months = interval === "monthly" ? n : 12 * n;
  const year = a.year + Math.floor((a.month0 + months) / 12);
  const month0 = (a.month0 + months) % 12;
  return formatDate(new Date(Date.UTC(year, month0, Math.min(a.day, daysInMonth(year, month0)))));
}

/**
 * The cycle after `cycle` that is charged next: the next one whose date is today (in the business zone) or later. Cycles whose
 * date has already passed (a plan paused for months, then resumed and paid) are skipped, never charged in bulk.
 */
export function nextCycleAfter(anchor: string, interval: PlanInterval, cycle: number, now: Date, zone: string): number {
  const today = todayInZone(zone, now);
  let next = cycle + 1;
  while (cycleDate(anchor, interval, next) < today) next += 1;
  return next;
}

/** What a plan's dates are computed from: the anchor date is the date of cycle `anchorCycle` (0 until an edit moves the charge day). */
export interface PlanSchedule {
  anchorDate: string;
  anchorCycle: number;
  interval: string;
}

/** The date of a plan's cycle `n` (n ≥ anchorCycle: cycles before an edit of the charge day are never asked again). */
export function planCycleDate(plan: PlanSchedule, n: number): string {
  return cycleDate(plan.anchorDate, plan.interval as PlanInterval, n - plan.anchorCycle);
}

/** nextCycleAfter on a plan's own schedule. */
export function nextPlanCycleAfter(plan: PlanSchedule, cycle: number, now: Date, zone: string): number {
  const today = todayInZone(zone, now);
  let next = cycle + 1;
  while (planCycleDate(plan, next) < today) next += 1;
  return next;
}

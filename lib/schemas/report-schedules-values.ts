// Scheduled reports' words, without zod (the schedule form loads zod lazily, on first validation): frequencies,
// weekdays, statuses and the schedule said in words ("Every Monday at 07:00 (Asia/Riyadh)").
export const SCHEDULE_FREQUENCIES = ["daily", "weekly", "monthly"] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

export const FREQUENCY_LABEL: Record<ScheduleFrequency, string> = { daily: "Every day", weekly: "Every week", monthly: "Every month" };

/** What each frequency's report covers, in the form's words. */
export const FREQUENCY_PERIOD: Record<ScheduleFrequency, string> = {
  daily: "the previous day",
  weekly: "the previous 7 days",
  monthly: "the previous calendar month",
};

/** "Send now": the period the schedule's runs cover (the last complete one), or the one still running. */
export const SEND_NOW_PERIODS = ["previous", "current"] as const;
export type SendNowPeriod = (typeof SEND_NOW_PERIODS)[number];

export const SEND_NOW_PERIOD_LABEL: Record<ScheduleFrequency, Record<SendNowPeriod, string>> = {
  daily: { previous: "Yesterday, as the schedule sends it", current: "Today so far" },
  weekly: { previous: "The previous 7 days, as the schedule sends them", current: "The last 7 days, today included so far" },
  monthly: { previous: "The previous calendar month, as the schedule sends it", current: "This month so far" },
};

/** 0 = Sunday, as JavaScript's getUTCDay() counts. */
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** The weekdays' keys in the `reports` catalog (schedules.weekdays.<key>), in WEEKDAYS' order. */
export const WEEKDAY_KEYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;

/** Monthly schedules run on day 1–28: every month has those days. */
export const MAX_MONTH_DAY = 28;
export const MAX_RECIPIENTS = 20;

export const SCHEDULE_STATUSES = ["active", "paused"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/**
 * Where a schedule stands with recipients outside the merchant's domains: not_needed (none), pending (waits for a
 * second person with REPORTS_APPROVE), approved, rejected (never sends).
 */
export const SCHEDULE_APPROVALS = ["not_needed", "pending", "approved", "rejected"] as const;
export type ScheduleApproval = (typeof SCHEDULE_APPROVALS)[number];

export interface ScheduleTiming {
  frequency: ScheduleFrequency;
  timeOfDay: string;
  weekday: number | null;
  monthDay: number | null;
}

const ordinal = (n: number) => {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
  return `${n}${s}`;
};

/** "Every day at 07:00", "Every Monday at 07:00", "Every month on the 1st at 07:00" (the zone is said beside it). */
export function scheduleInWords(t: ScheduleTiming): string {
  switch (t.frequency) {
    case "daily":
      return `Every day at ${t.timeOfDay}`;
    case "weekly":
      return `Every ${WEEKDAYS[t.weekday ?? 1] ?? "week"} at ${t.timeOfDay}`;
    case "monthly":
      return `Every month on the ${ordinal(t.monthDay ?? 1)} at ${t.timeOfDay}`;
  }
}

// Billing plans' codes and dates (their words are recurring.interval.* and recurring.planStatus.* in the catalogs), without zod (the plan forms load zod lazily, on first validation).
export const PLAN_INTERVALS = ["weekly", "monthly", "yearly"] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

export const PLAN_STATUSES = ["active", "paused", "cancelled"] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

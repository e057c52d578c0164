// Billing plans' codes and dates (their words are recurring.interval.* and recurring.planStatus.* in the catalogs), without zod (the plan forms load zod lazily, on first validation).
export const PLAN_INTERVALS = ["weekly", "monthly", "yearly"] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

/** completed: the plan reached its end (its last charge, or its end date) by itself; cancelled: a person ended it. */
export const PLAN_STATUSES = ["active", "paused", "cancelled", "completed"] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** The statuses a plan can still charge in (and be edited, paused, resumed or cancelled in). */
export const LIVE_PLAN_STATUSES = ["active", "paused"] as const satisfies readonly PlanStatus[];
export const isLivePlan = (status: string): boolean => (LIVE_PLAN_STATUSES as readonly string[]).includes(status);

/** How a plan ends, as the plan dialogs ask it: never, after a last charge date, or after a number of charges. */
export const PLAN_END_KINDS = ["none", "date", "cycles"] as const;
export type PlanEndKind = (typeof PLAN_END_KINDS)[number];

/** The most charges a plan may be given (about 19 years of weekly charges). */
export const MAX_PLAN_CYCLES = 1000;

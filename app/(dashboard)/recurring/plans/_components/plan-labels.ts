// Badge tones of the plans page (plan status, charge outcome); the words are recurring.planStatus.* and
// recurring.outcome.* in the catalogs.
import type { BadgeTone } from "@/lib/tone";
import type { PlanStatus } from "@/lib/schemas/billing-plans";

export const PLAN_STATUS_TONE: Record<PlanStatus, BadgeTone> = {
  active: "success",
  paused: "warning",
  cancelled: "neutral",
  completed: "info",
};

const OUTCOME_TONE = {
  claimed: "info",
  unknown: "warning",
  awaiting_3ds: "warning",
  approved: "success",
  declined: "danger",
  failed: "danger",
} as const satisfies Record<string, BadgeTone>;
export type ChargeOutcome = keyof typeof OUTCOME_TONE;

/** A charge outcome's catalog key and tone; an outcome without words of its own is shown as its code. */
export function outcomeOf(outcome: string): { key: ChargeOutcome | null; raw: string; tone: BadgeTone } {
  if (outcome in OUTCOME_TONE) return { key: outcome as ChargeOutcome, raw: outcome, tone: OUTCOME_TONE[outcome as ChargeOutcome] };
  return { key: null, raw: outcome.replace(/_/g, " "), tone: "neutral" };
}

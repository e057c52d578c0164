// Words and badge tones of the plans page (plan status, charge outcome).
import type { BadgeTone } from "@/lib/tone";
import type { PlanStatus } from "@/lib/schemas/billing-plans";

export const PLAN_STATUS_TONE: Record<PlanStatus, BadgeTone> = { active: "success", paused: "warning", cancelled: "neutral" };
export const PLAN_STATUS_LABEL: Record<PlanStatus, string> = { active: "Active", paused: "Paused", cancelled: "Cancelled" };

export const OUTCOME_LABEL: Record<string, { label: string; tone: BadgeTone }> = {
  claimed: { label: "Charging", tone: "info" },
  unknown: { label: "Awaiting confirmation", tone: "warning" },
  awaiting_3ds: { label: "Awaiting confirmation", tone: "warning" },
  approved: { label: "Approved", tone: "success" },
  declined: { label: "Declined", tone: "danger" },
  failed: { label: "Failed", tone: "danger" },
};

export function outcomeOf(outcome: string): { label: string; tone: BadgeTone } {
  return OUTCOME_LABEL[outcome] ?? { label: outcome.replace(/_/g, " "), tone: "neutral" };
}

// Whose schedules a person may see and change: their own; a super-admin's, everyone's (to stop a schedule of a
// person who left, for instance). Someone else's schedule reads as "not found", never as "forbidden", so its
// existence is not revealed.
import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Principal } from "../../../auth/principal";
import type { Tx } from "../../../db/client";
import { reportSchedules, type ReportScheduleRow } from "../../../db/schema";
import { AppError } from "../../../errors";

export const seesAllSchedules = (p: Principal) => p.userType === "SUPER_ADMIN";

/** The schedule, locked for a change, if the person may change it; else not_found. */
export async function lockScheduleFor(tx: Tx, principal: Principal, id: string): Promise<ReportScheduleRow> {
  const [row] = await tx
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.id, id), isNull(reportSchedules.deletedAt)))
    .for("update");
  if (!row || (row.ownerId !== principal.userId && !seesAllSchedules(principal))) {
    throw new AppError("not_found", "schedules.notFound");
  }
  return row;
}

/** The audit summary that says which schedule an entry is about. */
export function scheduleSummary(s: ReportScheduleRow): Record<string, unknown> {
  return {
    report: s.report,
    frequency: s.frequency,
    timeOfDay: s.timeOfDay,
    weekday: s.weekday,
    monthDay: s.monthDay,
    recipients: s.recipients.length,
    // Every address, and those outside the merchant's domains: the trail says where business data may go.
    recipientAddresses: s.recipients,
    ...(s.outsideRecipients.length ? { outsideRecipients: s.outsideRecipients, approval: s.approval } : {}),
  };
}

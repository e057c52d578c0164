// Who a scheduled report runs as: its owner, with the permissions they hold now (their roles today, not when the
// schedule was made). A disabled owner, or one who no longer holds REPORTS_VIEW, gets no principal: the run fails
// and the schedule pauses, so a report never reaches anyone after its owner's access was revoked.
import "server-only";
import { eq } from "drizzle-orm";
import { keyedMessage } from "@/lib/i18n/keyed-message";
import { permissionsOf, type Principal } from "../../../auth/principal";
import type { Db, Tx } from "../../../db/client";
import { users } from "../../../db/schema";

/** The session id of every scheduled run's principal (no real session: the scheduler acts for the owner). */
export const SCHEDULED_RUN_SESSION = "5c4edb11-4e90-4a1e-a5ed-4e9047e5e55a";

/** `reason`: a keyed message of reports.schedules.outcomes (stored, then said in the reader's language). */
export type OwnerResult = { ok: true; principal: Principal } | { ok: false; reason: string };

export async function schedulePrincipal(db: Db | Tx, ownerId: string): Promise<OwnerResult> {
  const [user] = await db.select().from(users).where(eq(users.id, ownerId));
  if (!user) return { ok: false, reason: keyedMessage("ownerGone") };
  if (user.status !== "active") return { ok: false, reason: keyedMessage("ownerDisabled", { email: user.email }) };
  const permissions = await permissionsOf(db as Db, user.id, user.userType, user.extraPermissions);
  if (!permissions.has("REPORTS_VIEW")) {
    return { ok: false, reason: keyedMessage("ownerLostReports", { email: user.email }) };
  }
  return {
    ok: true,
    principal: {
      userId: user.id,
      sessionId: SCHEDULED_RUN_SESSION,
      email: user.email,
      name: user.name,
      userType: user.userType === "SUPER_ADMIN" ? "SUPER_ADMIN" : "USER",
      permissions,
    },
  };
}

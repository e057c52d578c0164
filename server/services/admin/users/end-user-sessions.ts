// A super-admin ends one session of a user, or all of them (the session version is bumped then, so every cookie
// of the user is refused on its next request). Audited in the same transaction.
import { and, eq, isNull, sql } from "drizzle-orm";
import { appendAudit } from "../../../audit/audit-log";
import { sessions, users } from "../../../db/schema";
import { AppError } from "../../../errors";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { requireSuperAdmin } from "./require-super-admin";

export async function endUserSessions(
  ctx: ServiceContext<Pick<ServiceDeps, "db" | "now">>,
  input: { userId: string; sessionId?: string | undefined },
): Promise<{ ended: number }> {
  const { deps, principal, ip } = ctx;
  const { userId, sessionId } = input;
  const now = deps.now();
  requireSuperAdmin(principal);
  return deps.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).for("update").limit(1);
    if (!user) throw new AppError("not_found", "users.noSuchUser");
    const scope = sessionId ? eq(sessions.id, sessionId) : undefined;
    if (!sessionId)
      await tx
        .update(users)
        .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now })
        .where(eq(users.id, user.id));
    const ended = await tx
      .update(sessions)
      .set({ endedAt: now, endReason: "ended_by_admin" })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.endedAt), scope))
      .returning({ id: sessions.id });
    if (sessionId && ended.length === 0) throw new AppError("not_found", "users.sessionAlreadyEnded");
    await appendAudit(tx, {
      action: "auth.sessions_ended",
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      targetType: "user",
      targetId: user.id,
      summary: { scope: sessionId ? "one" : "all", by: "super_admin", email: user.email, ended: ended.map((r) => r.id) },
    });
    return { ended: ended.length };
  });
}

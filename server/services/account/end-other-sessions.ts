// "Sign out other sessions": ends every other session of the signed-in user, row by row (not by bumping the
// session version, which would end this one too), audited in the same transaction. They end on their next request.
import { and, eq, isNull, ne } from "drizzle-orm";
import { appendAudit } from "../../audit/audit-log";
import { sessions } from "../../db/schema";
import type { ServiceContext, ServiceDeps } from "../deps";

export async function endOtherSessions(ctx: ServiceContext<Pick<ServiceDeps, "db" | "now">>): Promise<{ ended: number }> {
  const { deps, principal, ip } = ctx;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ endedAt: now, endReason: "signed_out_elsewhere" })
      .where(and(eq(sessions.userId, principal.userId), ne(sessions.id, principal.sessionId), isNull(sessions.endedAt)))
      .returning({ id: sessions.id });
    await appendAudit(tx, {
      action: "auth.sessions_ended",
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      targetType: "user",
      targetId: principal.userId,
      summary: { scope: "others", kept: principal.sessionId, ended: ended.map((r) => r.id) },
    });
    return { ended: ended.length };
  });
}

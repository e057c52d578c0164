// "Sign out other sessions": ends every other session of the signed-in user, row by row (not by bumping the
// session version, which would end this one too), audited in the same transaction. They end on their next request.
import { and, eq, isNull, ne } from "drizzle-orm";
import { appendAudit } from "../../audit/audit-log";
import type { Principal } from "../../auth/principal";
import type { Db } from "../../db/client";
import { sessions } from "../../db/schema";

export async function endOtherSessions(db: Db, principal: Principal, ip: string | null, now = new Date()): Promise<{ ended: number }> {
  return db.transaction(async (tx) => {
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

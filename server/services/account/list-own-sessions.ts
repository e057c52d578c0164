// "Where you're signed in": the signed-in user's own live sessions, this browser first.
import type { Principal, SessionLifetimes } from "../../auth/principal";
import type { Db } from "../../db/client";
import { liveSessionsOf, type SessionView } from "./live-sessions";

export async function listOwnSessions(db: Db, principal: Principal, limits: SessionLifetimes, now = new Date()): Promise<SessionView[]> {
  const all = await liveSessionsOf(db, principal.userId, limits, principal.sessionId, now);
  return [...all.filter((s) => s.current), ...all.filter((s) => !s.current)];
}

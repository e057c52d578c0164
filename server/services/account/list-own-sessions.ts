// "Where you're signed in": the signed-in user's own live sessions, this browser first.
import type { ServiceContext } from "../deps";
import type { SessionView } from "@/lib/session-view";
import { liveSessionsOf, type SessionsDeps } from "./live-sessions";

export async function listOwnSessions(ctx: ServiceContext<SessionsDeps>): Promise<SessionView[]> {
  const { deps, principal } = ctx;
  const all = await liveSessionsOf(deps.db, principal.userId, deps.config.session, principal.sessionId, deps.now());
  return [...all.filter((s) => s.current), ...all.filter((s) => !s.current)];
}

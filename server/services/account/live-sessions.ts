// The live sessions of one user (not ended, not idle past the limit, not older than the absolute limit), as the
// sessions lists show them: browser in words, IP, first and last seen, the second factor used, "this browser".
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { SessionView } from "@/lib/session-view";
import { describeUserAgent } from "@/lib/user-agent";
import type { SessionLifetimes } from "../../auth/principal";
import type { AppConfig } from "../../config";
import type { Db, Tx } from "../../db/client";
import { sessions } from "../../db/schema";
import type { ServiceDeps } from "../deps";

/** What the sessions services need: the database, the clock, and the session lifetimes (config.session). */
export type SessionsDeps = Pick<ServiceDeps, "db" | "now"> & { config: { session: AppConfig["session"] } };

export async function liveSessionsOf(
  db: Db | Tx,
  userId: string,
  limits: SessionLifetimes,
  currentSessionId: string | null,
  now = new Date(),
): Promise<SessionView[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        gt(sessions.lastSeenAt, new Date(now.getTime() - limits.idleMs)),
        gt(sessions.createdAt, new Date(now.getTime() - limits.maxAgeMs)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((s) => ({
    id: s.id,
    browser: describeUserAgent(s.userAgent),
    userAgent: s.userAgent,
    ip: s.ip,
    createdAt: s.createdAt,
    lastSeenAt: s.lastSeenAt,
    factorKind: s.factorKind,
    current: s.id === currentSessionId,
  }));
}

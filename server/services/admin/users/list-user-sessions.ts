// A super-admin's view of one user's sessions and sign-in history: live sessions (browser, IP, first and last
// seen, factor used), the audit log's auth.* rows about the user (sign-ins, failures, throttles, second factors,
// sign-outs, sessions ended), the failures counted by the throttle in the last 24 hours, and the sign-in and
// second-factor locks that hold.
import { and, desc, eq, gt, like, or, sql } from "drizzle-orm";
import { describeUserAgent } from "@/lib/user-agent";
import { auditLog, loginAttempts, throttleLocks, users } from "../../../db/schema";
import { AppError } from "../../../errors";
import type { SessionView } from "@/lib/session-view";
import { secondFactorLocksOf } from "../../../auth/mfa/factor-limiter";
import { liveSessionsOf, type SessionsDeps } from "../../account/live-sessions";
import type { ServiceContext } from "../../deps";
import { requireSuperAdmin } from "./require-super-admin";

export interface SignInEvent {
  id: number;
  at: Date;
  action: string;
  ip: string | null;
  /** Factor, failure reason or browser (in words), when the row names one. */
  detail: string | null;
}

export interface UserSessionsReport {
  user: { id: string; email: string; name: string; userType: string; status: string; lastSignInAt: Date | null };
  sessions: SessionView[];
  history: SignInEvent[];
  failuresLastDay: number;
  lockedUntil: Date | null;
  /** Second-factor locks holding now (too many wrong codes): new sign-ins, and step-up in signed-in sessions. */
  secondFactorLocks: { signIn: Date | null; stepUp: Date | null };
}

const HISTORY_ROWS = 50;

function detailOf(summary: unknown): string | null {
  if (!summary || typeof summary !== "object") return null;
  const s = summary as Record<string, unknown>;
  for (const key of ["factor", "factorKind", "reason"]) if (typeof s[key] === "string") return s[key] as string;
  return typeof s.userAgent === "string" ? describeUserAgent(s.userAgent) : null;
}

export async function listUserSessions(ctx: ServiceContext<SessionsDeps>, input: { userId: string }): Promise<UserSessionsReport> {
  const { deps, principal } = ctx;
  const { db } = deps;
  const { userId } = input;
  const now = deps.now();
  requireSuperAdmin(principal);
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError("not_found", "users.noSuchUser");
  const [sessionRows, auditRows, [failures], [lock], secondFactorLocks] = await Promise.all([
    liveSessionsOf(db, user.id, deps.config.session, principal.sessionId, now),
    db
      .select()
      .from(auditLog)
      .where(
        and(
          like(auditLog.action, "auth.%"),
          or(
            eq(auditLog.actorId, user.id),
            eq(auditLog.actorEmail, user.email),
            and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, user.id)),
          ),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(HISTORY_ROWS),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.email, user.email),
          eq(loginAttempts.succeeded, false),
          gt(loginAttempts.at, new Date(now.getTime() - 86_400_000)),
        ),
      ),
    db
      .select()
      .from(throttleLocks)
      .where(eq(throttleLocks.key, `sign_in:email:${user.email}`)),
    secondFactorLocksOf(db, user.id, now),
  ]);
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      userType: user.userType,
      status: user.status,
      lastSignInAt: user.lastSignInAt,
    },
    sessions: sessionRows,
    history: auditRows.map((r) => ({ id: r.id, at: r.at, action: r.action, ip: r.ip, detail: detailOf(r.summary) })),
    failuresLastDay: failures?.n ?? 0,
    lockedUntil: lock && lock.lockedUntil > now ? lock.lockedUntil : null,
    secondFactorLocks,
  };
}

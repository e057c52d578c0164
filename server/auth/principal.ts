// Who is making this request, checked against the database on every request: the session row is live (not
// signed out, not idle past the limit, not older than the absolute limit), the user is active, and the token's
// session version is the user's current one (sign-out, disable and password change bump it).
import { and, eq, isNull, sql } from "drizzle-orm";
import { PERMISSIONS, toPermission, type Permission } from "@/lib/permissions";
import type { Db } from "../db/client";
import { roles, sessions, userRoles, users } from "../db/schema";

export interface SessionClaims {
  uid: string;
  sid: string;
  sv: number;
}

export interface Principal {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  userType: "USER" | "SUPER_ADMIN";
  permissions: ReadonlySet<Permission>;
}

export type PrincipalResult = { ok: true; principal: Principal } | { ok: false; reason: "no_session" | "expired" | "ended" | "disabled" };

export interface SessionLimits {
  idleMs: number;
  maxAgeMs: number;
}

/** Touch `last_seen_at` at most this often: idle precision of a minute is plenty and saves a write per request. */
const TOUCH_EVERY_MS = 60_000;

export async function permissionsOf(db: Db, userId: string, userType: string, extra: readonly string[]): Promise<Set<Permission>> {
  if (userType === "SUPER_ADMIN") return new Set(PERMISSIONS);
  const rows = await db
    .select({ permissions: roles.permissions })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  const granted = new Set<Permission>();
  for (const name of [...rows.flatMap((r) => r.permissions), ...extra]) {
    const p = toPermission(name);
    if (p) granted.add(p);
  }
  return granted;
}

export async function resolvePrincipal(
  db: Db,
  claims: SessionClaims | null,
  limits: SessionLimits,
  now = new Date(),
): Promise<PrincipalResult> {
  if (!claims) return { ok: false, reason: "no_session" };
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, claims.sid), eq(sessions.userId, claims.uid)))
    .limit(1);
  if (!row) return { ok: false, reason: "no_session" };
  const { session, user } = row;
  if (user.status !== "active") return { ok: false, reason: "disabled" };
  if (session.endedAt) return { ok: false, reason: "ended" };
  if (user.sessionVersion !== claims.sv) return { ok: false, reason: "ended" };
  const age = now.getTime() - session.createdAt.getTime();
  const idle = now.getTime() - session.lastSeenAt.getTime();
  if (age > limits.maxAgeMs || idle > limits.idleMs) {
    await endSession(db, session.id, age > limits.maxAgeMs ? "max_age" : "idle", now);
    return { ok: false, reason: "expired" };
  }
  if (idle > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
  }
  return {
    ok: true,
    principal: {
      userId: user.id,
      sessionId: session.id,
      email: user.email,
      name: user.name,
      userType: user.userType === "SUPER_ADMIN" ? "SUPER_ADMIN" : "USER",
      permissions: await permissionsOf(db, user.id, user.userType, user.extraPermissions),
    },
  };
}

export async function endSession(db: Db, sessionId: string, reason: string, now = new Date()) {
  await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

/** End every session of a user at once (sign-out, disable, password change): bump the version, close the rows. */
export async function endAllSessions(db: Db, userId: string, reason: string, now = new Date()) {
  await db.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now }).where(eq(users.id, userId));
  await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}

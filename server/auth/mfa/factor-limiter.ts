// The second-factor step's throttle (PCI DSS 4.0.1 8.3.4), in three separate counts, each over the last 15 minutes:
//   - one pending session (password step only): 5 wrong factors lock that session;
//   - one user's pending sessions together: 10 lock every pending session of the user, so that someone who has the
//     password and opens session after session to guess TOTP codes is still stopped;
//   - one user's verified sessions (step-up): 5 lock step-up of those sessions.
// Failures of pending sessions never count towards the verified sessions' lock: the password alone cannot stop the
// user approving refunds or administering users in the sessions they already completed. A lock is a row of
// throttle_locks that lasts 30 minutes whatever the window (at least 30 minutes, or until a super-admin resets the
// user's factors), and is audited once, when it is set. Runs inside the caller's transaction, which holds the user's
// row lock, so concurrent guesses are counted one after another: the check and the record are one atomic step.
import { and, eq, gt, inArray, like, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { mfaFailures, throttleLocks } from "../../db/schema";

export const FACTOR_THROTTLE = {
  maxPerSession: 5,
  maxPerUserPending: 10,
  maxPerUserVerified: 5,
  windowMs: 15 * 60_000,
  lockMs: 30 * 60_000,
} as const;

/** Who is guessing: the session, and whether it has passed the password step only. */
export interface FactorAttempter {
  userId: string;
  sessionId: string;
  pending: boolean;
}

export type FactorLockScope = "session" | "user_pending" | "user_verified";

export type FactorVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

function lockKeyOf(a: FactorAttempter, scope: FactorLockScope): string {
  if (scope === "session") return `second_factor:user:${a.userId}:session:${a.sessionId}`;
  return `second_factor:user:${a.userId}:${scope === "user_pending" ? "pending" : "verified"}`;
}

/** The locks that apply to this attempter: a pending session answers to its own and its user's pending lock. */
function scopesOf(a: FactorAttempter): FactorLockScope[] {
  return a.pending ? ["session", "user_pending"] : ["user_verified"];
}

export async function factorVerdict(tx: Tx, a: FactorAttempter, now: Date): Promise<FactorVerdict> {
  const keys = scopesOf(a).map((s) => lockKeyOf(a, s));
  const locks = await tx
    .select({ lockedUntil: throttleLocks.lockedUntil })
    .from(throttleLocks)
    .where(and(inArray(throttleLocks.key, keys), gt(throttleLocks.lockedUntil, now)));
  if (locks.length === 0) return { allowed: true };
  const until = Math.max(...locks.map((l) => l.lockedUntil.getTime()));
  return { allowed: false, retryAfterMs: Math.max(1_000, until - now.getTime()) };
}

async function failuresIn(tx: Tx, a: FactorAttempter, scope: FactorLockScope, since: Date): Promise<number> {
  const who =
    scope === "session"
      ? and(eq(mfaFailures.userId, a.userId), eq(mfaFailures.sessionId, a.sessionId))
      : and(eq(mfaFailures.userId, a.userId), eq(mfaFailures.pending, scope === "user_pending"));
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(mfaFailures)
    .where(and(who, gt(mfaFailures.at, since)));
  return row?.n ?? 0;
}

const LIMIT: Record<FactorLockScope, number> = {
  session: FACTOR_THROTTLE.maxPerSession,
  user_pending: FACTOR_THROTTLE.maxPerUserPending,
  user_verified: FACTOR_THROTTLE.maxPerUserVerified,
};

/** Records a failure; returns the locks it set (each to be audited now, once). */
export async function recordFactorFailure(tx: Tx, a: FactorAttempter, kind: string, now: Date): Promise<FactorLockScope[]> {
  await tx.insert(mfaFailures).values({ userId: a.userId, sessionId: a.sessionId, pending: a.pending, kind, at: now });
  const since = new Date(now.getTime() - FACTOR_THROTTLE.windowMs);
  const set: FactorLockScope[] = [];
  for (const scope of scopesOf(a)) {
    if ((await failuresIn(tx, a, scope, since)) < LIMIT[scope]) continue;
    const key = lockKeyOf(a, scope);
    const lockedUntil = new Date(now.getTime() + FACTOR_THROTTLE.lockMs);
    await tx
      .insert(throttleLocks)
      .values({ key, lockedAt: now, lockedUntil, auditedAt: now })
      .onConflictDoUpdate({ target: throttleLocks.key, set: { lockedAt: now, lockedUntil, auditedAt: now } });
    // The failures stay: a pending session's still count towards its user's pending lock. No attempt is recorded
    // while a lock holds, and the window is shorter than the lock, so a lock is set (and audited) once.
    set.push(scope);
  }
  return set;
}

/**
 * A good factor clears the failures of its session, and a verified session's also those of the user's verified
 * sessions. A pending session's success leaves the other pending sessions' failures counted: someone guessing in
 * parallel does not get a fresh allowance each time the user signs in.
 */
export async function clearFactorFailures(tx: Tx, a: FactorAttempter): Promise<void> {
  await tx.delete(mfaFailures).where(and(eq(mfaFailures.userId, a.userId), eq(mfaFailures.sessionId, a.sessionId)));
  if (!a.pending) await tx.delete(mfaFailures).where(and(eq(mfaFailures.userId, a.userId), eq(mfaFailures.pending, false)));
}

/** A super-admin's reset of the user's factors lifts every second-factor lock of the user. */
export async function clearFactorLocks(tx: Tx, userId: string): Promise<void> {
  await tx.delete(throttleLocks).where(like(throttleLocks.key, `second_factor:user:${userId}:%`));
}

/**
 * The second-factor locks holding now, for a super-admin's view of the user: sign-in (one pending session's, or all
 * of them) and step-up (the verified sessions'), each the latest end of its locks; null when none holds.
 */
export async function secondFactorLocksOf(db: Db | Tx, userId: string, now: Date): Promise<{ signIn: Date | null; stepUp: Date | null }> {
  const prefix = `second_factor:user:${userId}:`;
  const rows = await db
    .select({ key: throttleLocks.key, lockedUntil: throttleLocks.lockedUntil })
    .from(throttleLocks)
    .where(and(like(throttleLocks.key, `${prefix}%`), gt(throttleLocks.lockedUntil, now)));
  const latest = (keep: (key: string) => boolean) =>
    rows.filter((r) => keep(r.key)).reduce<Date | null>((m, r) => (m && m > r.lockedUntil ? m : r.lockedUntil), null);
  return { signIn: latest((k) => !k.endsWith(":verified")), stepUp: latest((k) => k.endsWith(":verified")) };
}

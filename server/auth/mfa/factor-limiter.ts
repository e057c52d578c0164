// The second-factor step's throttle: at most 5 wrong codes (TOTP, recovery code or passkey) per user in 15 minutes;
// then every attempt is refused until the oldest failure leaves the window, and the lock is audited once (when the
// fifth failure is recorded). Runs inside the caller's transaction, which holds the user's row lock, so concurrent
// guesses are counted one after another: the check and the record are one atomic step.
import { and, eq, gt, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { mfaFailures } from "../../db/schema";

export const FACTOR_THROTTLE = { maxFailures: 5, windowMs: 15 * 60_000 } as const;

export type FactorVerdict = { allowed: true; failures: number } | { allowed: false; retryAfterMs: number };

export async function factorVerdict(tx: Tx, userId: string, now: Date): Promise<FactorVerdict> {
  const since = new Date(now.getTime() - FACTOR_THROTTLE.windowMs);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${mfaFailures.at})` })
    .from(mfaFailures)
    .where(and(eq(mfaFailures.userId, userId), gt(mfaFailures.at, since)));
  const n = row?.n ?? 0;
  if (n >= FACTOR_THROTTLE.maxFailures && row?.oldest) {
    return { allowed: false, retryAfterMs: Math.max(1_000, new Date(row.oldest).getTime() + FACTOR_THROTTLE.windowMs - now.getTime()) };
  }
  return { allowed: true, failures: n };
}

/** Records a failure; true when it is the one that locks the step (audit it then). */
export async function recordFactorFailure(tx: Tx, userId: string, kind: string, failuresBefore: number, now: Date): Promise<boolean> {
  await tx.insert(mfaFailures).values({ userId, kind, at: now });
  return failuresBefore + 1 >= FACTOR_THROTTLE.maxFailures;
}

/** A good factor clears the user's failures. */
export async function clearFactorFailures(tx: Tx, userId: string): Promise<void> {
  await tx.delete(mfaFailures).where(eq(mfaFailures.userId, userId));
}

export function factorThrottleMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

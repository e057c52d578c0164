// Sign-in throttling kept in the database, so that it holds across several app instances: at most 5 failures per
// 15 minutes per account and per IP address. Messages never reveal whether an account exists.
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginAttempts } from "../db/schema";

export const THROTTLE = { maxFailures: 5, windowMs: 15 * 60_000 } as const;

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

async function oldestCountedFailure(db: Db, column: "email" | "ip", value: string, since: Date) {
  const col = column === "email" ? loginAttempts.email : loginAttempts.ip;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${loginAttempts.at})` })
    .from(loginAttempts)
    .where(and(eq(col, value), eq(loginAttempts.succeeded, false), gt(loginAttempts.at, since)));
  return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * Whether a sign-in may be tried now for this e-mail from this IP. When refused, how long until the oldest failure
 * in the window leaves it (the moment one more attempt is allowed).
 */
export async function checkThrottle(db: Db, email: string, ip: string, now = new Date()): Promise<ThrottleVerdict> {
  const since = new Date(now.getTime() - THROTTLE.windowMs);
  let retryAfterMs = 0;
  for (const [column, value] of [["email", email], ["ip", ip]] as const) {
    const { n, oldest } = await oldestCountedFailure(db, column, value, since);
    if (n >= THROTTLE.maxFailures && oldest) {
      retryAfterMs = Math.max(retryAfterMs, oldest.getTime() + THROTTLE.windowMs - now.getTime());
    }
  }
  return retryAfterMs > 0 ? { allowed: false, retryAfterMs } : { allowed: true };
}

export async function recordAttempt(db: Db, email: string, ip: string, succeeded: boolean, at = new Date()) {
  await db.insert(loginAttempts).values({ email, ip, succeeded, at });
}

export function throttleMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

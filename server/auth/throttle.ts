// Throttling of password guesses (sign-in, change-password, set-password), kept in the database so that it holds
// across app instances. An attempt is RESERVED before its password check, in one transaction under an advisory lock
// per key (e-mail, IP): the count and the reservation are one atomic step, so 40 concurrent guesses cannot all reach
// the check. 5 failures of one account within 15 minutes lock it for 30 minutes (PCI DSS 4.0.1 8.3.4: at most 10
// attempts, then at least 30 minutes). One IP address is allowed more (20) before it is locked the same way: an
// office behind one NAT address must not be locked out by a few colleagues' typos (nor by an attacker who types
// wrong passwords from inside it), while spraying many accounts from one address still stops. A key checked per IP
// only (set-password links) keeps the low limit. A refused attempt is audited once per lock. Messages never reveal
// whether an account exists.
import { and, eq, gt, sql } from "drizzle-orm";
import { appendAudit, type AuditEntry } from "../audit/audit-log";
import type { Db, Tx } from "../db/client";
import { loginAttempts, throttleLocks } from "../db/schema";
import { isPrivateAddress } from "../http/client-ip";
import { logger } from "../log/logger";

export const THROTTLE = { maxFailures: 5, maxFailuresPerIp: 20, windowMs: 15 * 60_000, lockMs: 30 * 60_000 } as const;

export type ThrottleScope = "sign_in" | "change_password" | "set_password";

export interface AttemptKeys {
  scope: ThrottleScope;
  /** The account tried (normalised); counted per account unless `ipOnly`. */
  email: string;
  ip: string;
  /** Count per IP only (set-password: the account is not known before the token is checked). */
  ipOnly?: boolean;
}

export type Reservation = { allowed: true; attemptId: number } | { allowed: false; retryAfterMs: number };

type Key = { column: "email" | "ip"; value: string; lockKey: string; maxFailures: number };

function keysOf(a: AttemptKeys): Key[] {
  const keys: Key[] = a.ipOnly
    ? []
    : [{ column: "email", value: a.email, lockKey: `${a.scope}:email:${a.email}`, maxFailures: THROTTLE.maxFailures }];
  keys.push({
    column: "ip",
    value: a.ip,
    lockKey: `${a.scope}:ip:${a.ip}`,
    maxFailures: a.ipOnly ? THROTTLE.maxFailures : THROTTLE.maxFailuresPerIp,
  });
  return keys;
}

/** Serialises every reservation and outcome of these keys (same order everywhere: e-mail, then IP). */
async function lockKeys(tx: Tx, keys: Key[]) {
  for (const k of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${"throttle:" + k.lockKey}, 0))`);
}

async function failuresInWindow(tx: Tx, scope: ThrottleScope, k: Key, now: Date): Promise<number> {
  const col = k.column === "email" ? loginAttempts.email : loginAttempts.ip;
  const since = new Date(now.getTime() - THROTTLE.windowMs);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.scope, scope), eq(col, k.value), eq(loginAttempts.succeeded, false), gt(loginAttempts.at, since)));
  return row?.n ?? 0;
}

async function lockFor(tx: Tx, lockKey: string, now: Date) {
  const until = new Date(now.getTime() + THROTTLE.lockMs);
  await tx
    .insert(throttleLocks)
    .values({ key: lockKey, lockedAt: now, lockedUntil: until })
    .onConflictDoUpdate({ target: throttleLocks.key, set: { lockedAt: now, lockedUntil: until, auditedAt: null } });
}

/**
 * Reserves one attempt (recorded as a failure until `settleAttempt` says otherwise) or refuses it. A refusal is
 * audited with `refusedAudit` the first time within each lock, in the same transaction that marks it audited.
 */
export async function reserveAttempt(db: Db, a: AttemptKeys, refusedAudit: AuditEntry, now = new Date()): Promise<Reservation> {
  const keys = keysOf(a);
  return db.transaction(async (tx) => {
    await lockKeys(tx, keys);
    let retryAfterMs = 0;
    for (const k of keys) {
      let [lock] = await tx.select().from(throttleLocks).where(eq(throttleLocks.key, k.lockKey));
      if (!(lock && lock.lockedUntil > now) && (await failuresInWindow(tx, a.scope, k, now)) >= k.maxFailures) {
        // The limit is reached by attempts still in flight (reserved, not yet settled): lock now.
        await lockFor(tx, k.lockKey, now);
        [lock] = await tx.select().from(throttleLocks).where(eq(throttleLocks.key, k.lockKey));
      }
      if (lock && lock.lockedUntil > now) {
        retryAfterMs = Math.max(retryAfterMs, lock.lockedUntil.getTime() - now.getTime());
        if (!lock.auditedAt) {
          await tx.update(throttleLocks).set({ auditedAt: now }).where(eq(throttleLocks.key, k.lockKey));
          await appendAudit(tx, {
            ...refusedAudit,
            summary: { ...refusedAudit.summary, lockedKey: k.column, lockedUntil: lock.lockedUntil.toISOString() },
          });
          // Behind a proxy with TRUSTED_PROXY_HOPS left at 0, every user has the proxy's (private) address, and this
          // lock stops them all: the likely cause is said where the operator looks.
          if (k.column === "ip" && isPrivateAddress(k.value))
            logger.warn("auth.ip_locked_private_address", {
              scope: a.scope,
              ip: k.value,
              hint:
                "Sign-in is locked for a private address. If the dashboard is behind a proxy, TRUSTED_PROXY_HOPS is " +
                "probably 0: every user then appears as the proxy's address and this lock stops them all.",
            });
        }
      }
    }
    if (retryAfterMs > 0) return { allowed: false as const, retryAfterMs };
    const [row] = await tx
      .insert(loginAttempts)
      .values({ scope: a.scope, email: a.email, ip: a.ip, succeeded: false, at: now })
      .returning({ id: loginAttempts.id });
    return { allowed: true as const, attemptId: row!.id };
  });
}

/** Records the outcome of a reserved attempt; the failure that reaches the limit starts a 30-minute lock. */
export async function settleAttempt(db: Db, a: AttemptKeys, attemptId: number, succeeded: boolean, now = new Date()) {
  if (succeeded) {
    await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId));
    return;
  }
  const keys = keysOf(a);
  await db.transaction(async (tx) => {
    await lockKeys(tx, keys);
    for (const k of keys) {
      if ((await failuresInWindow(tx, a.scope, k, now)) < k.maxFailures) continue;
      const [lock] = await tx.select().from(throttleLocks).where(eq(throttleLocks.key, k.lockKey));
      if (!lock || lock.lockedUntil <= now) await lockFor(tx, k.lockKey, now);
    }
  });
}

/** Whole minutes until the lock ends (at least 1): the value of the errors catalog's throttle messages. */
export function throttleMinutes(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60_000));
}

export function throttleMessage(retryAfterMs: number): string {
  const minutes = throttleMinutes(retryAfterMs);
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

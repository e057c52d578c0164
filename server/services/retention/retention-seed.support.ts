// Test support for the retention tests: rows of each purged table (and of the ledger) at a chosen time, with
// unique keys, so that a test can say "this one just past its period, that one just inside it".
import { randomUUID } from "node:crypto";
import { readConfig } from "../../config";
import type { Db } from "../../db/client";
import {
  gatewayCalls,
  gatewayNotifications,
  loginAttempts,
  mailOutbox,
  mfaChallenges,
  mfaFailures,
  passwordTokens,
  sessions,
  throttleLocks,
  users,
} from "../../db/schema";
import type { RetentionDeps } from "./purge";

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

/** The retention deps of a test: the default periods (or `env`'s), and a clock fixed at `now`. */
export function retentionDeps(db: Db, now: Date, env: Record<string, string> = {}): RetentionDeps {
  return { db, config: readConfig({ ...env, DATA_DIR: "/tmp/unused-test-data" }), now: () => now };
}

export const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

export async function seedUser(db: Db): Promise<string> {
  const [u] = await db
    .insert(users)
    .values({ email: `retention-${randomUUID()}@test.example`, name: "Retention" })
    .returning({ id: users.id });
  return u!.id;
}

/** A notification processed at `processedAt` (received a minute before), or one never processed (null). */
export async function seedNotification(db: Db, processedAt: Date | null, opts: { receivedAt?: Date; result?: string } = {}) {
  const receivedAt = opts.receivedAt ?? new Date((processedAt ?? new Date()).getTime() - MINUTE_MS);
  const [row] = await db
    .insert(gatewayNotifications)
    .values({
      dedupeKey: randomUUID(),
      receivedAt,
      hashValid: true,
      payload: { trans_id: "t" },
      processedAt,
      processingResult: opts.result ?? (processedAt ? "applied" : null),
    })
    .returning({ id: gatewayNotifications.id });
  return row!.id;
}

export async function seedCall(
  db: Db,
  startedAt: Date,
  opts: { operation?: string; purpose?: string | null; orderId?: string | null; transactionId?: string | null } = {},
) {
  const [row] = await db
    .insert(gatewayCalls)
    .values({
      operation: opts.operation ?? "status",
      orderId: opts.orderId === undefined ? `ord-${randomUUID()}` : opts.orderId,
      transactionId: opts.transactionId === undefined ? `tr-${randomUUID()}` : opts.transactionId,
      outcome: "success",
      latencyMs: 12,
      request: {},
      response: {},
      startedAt,
      purpose: opts.purpose === undefined ? "page_view" : opts.purpose,
    })
    .returning({ id: gatewayCalls.id });
  return row!.id;
}

export async function seedSession(db: Db, userId: string, createdAt: Date, endedAt: Date | null, lastSeenAt = endedAt ?? createdAt) {
  const [row] = await db.insert(sessions).values({ userId, createdAt, lastSeenAt, endedAt }).returning({ id: sessions.id });
  return row!.id;
}

export async function seedSignInAttempt(db: Db, at: Date) {
  const [row] = await db
    .insert(loginAttempts)
    .values({ email: `x-${randomUUID()}@test.example`, ip: "192.0.2.1", succeeded: false, at })
    .returning({ id: loginAttempts.id });
  return row!.id;
}

export async function seedFactorFailure(db: Db, userId: string, at: Date) {
  const [row] = await db.insert(mfaFailures).values({ userId, at, kind: "totp" }).returning({ id: mfaFailures.id });
  return row!.id;
}

export async function seedLockout(db: Db, lockedUntil: Date) {
  const key = `sign_in:email:${randomUUID()}@test.example`;
  await db.insert(throttleLocks).values({ key, lockedAt: new Date(lockedUntil.getTime() - 30 * MINUTE_MS), lockedUntil });
  return key;
}

export async function seedChallenge(db: Db, sessionId: string, expiresAt: Date) {
  const [row] = await db
    .insert(mfaChallenges)
    .values({ sessionId, purpose: "authenticate", challenge: randomUUID(), expiresAt })
    .returning({ id: mfaChallenges.id });
  return row!.id;
}

export async function seedLink(db: Db, userId: string, expiresAt: Date) {
  const [row] = await db
    .insert(passwordTokens)
    .values({ userId, tokenHash: randomUUID(), expiresAt, createdAt: new Date(expiresAt.getTime() - 2 * DAY_MS) })
    .returning({ id: passwordTokens.id });
  return row!.id;
}

export async function seedMail(db: Db, status: "sent" | "failed" | "pending", at: Date) {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      kind: "test",
      toAddress: "someone@test.example",
      subject: "Hello",
      status,
      createdAt: at,
      nextAttemptAt: at,
      sentAt: status === "sent" ? at : null,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

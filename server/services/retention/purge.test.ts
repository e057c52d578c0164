// Rules guarded (retention, DESIGN.md "Operating it"): a table that grows with traffic loses only the rows past its
// period: a row a minute past the cutoff is gone, one a minute inside it is kept (the clock is injected, no sleeps).
// Never purged whatever their age: a notification not yet processed, the ledger (payments, payment_actions), the
// audit log, the gateway calls a payment's timeline shows (money calls, a person's sync), a user's latest session,
// and outbox mail not sent. A pass that deleted something writes one system audit row with its counts and cutoffs
// (the chain still verifies); a pass that deleted nothing writes none.
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { appendAuditNow, verifyAuditChain } from "../../audit/audit-log";
import { rawRows } from "../../db/raw-rows";
import {
  auditLog,
  gatewayCalls,
  gatewayNotifications,
  loginAttempts,
  mailOutbox,
  mfaChallenges,
  mfaFailures,
  passwordTokens,
  paymentActions,
  payments,
  sessions,
  throttleLocks,
} from "../../db/schema";
import { insertPayment } from "../../ledger/payments";
import { REDACTED } from "../../log/redact";
import { purgeOnce } from "./purge";
import { RULE_NAMES } from "./rules";
import * as seed from "./retention-seed.support";

const { DAY_MS, MINUTE_MS, ago } = seed;
/** One clock for every test of the file: a row just inside its period stays inside for every later pass. */
const NOW = new Date("2031-03-10T09:00:00.000Z");

describe.each(testDatabaseTargets())("retention pass ($name)", (target) => {
  let database: TestDatabase;
  const kind = target.name;
  const deps = () => seed.retentionDeps(database.db, NOW);
  /** Cutoff of a period of `days`, shifted by `ms` (negative: past it). */
  const edge = (days: number, ms: number) => new Date(NOW.getTime() - days * DAY_MS + ms);
  const past = (days: number) => edge(days, -MINUTE_MS);
  const inside = (days: number) => edge(days, MINUTE_MS);

  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  /** Which of `keys` are still in the table. */
  async function left(table: PgTable, key: PgColumn, keys: Array<string | number>): Promise<string[]> {
    const where: SQL = inArray(key, keys);
    const rows = rawRows<{ k: string | number }>(await database.db.execute(sql`select ${key} as k from ${table} where ${where}`));
    return rows.map((r) => String(r.k)).sort();
  }
  const keysOf = (...keys: Array<string | number>) => keys.map(String).sort();

  it("deletes each table's rows just past its period and keeps those just inside it (default periods)", async () => {
    const db = database.db;
    const user = await seed.seedUser(db);
    const rows = {
      notifications: [await seed.seedNotification(db, past(90)), await seed.seedNotification(db, inside(90))],
      calls: [await seed.seedCall(db, past(395)), await seed.seedCall(db, inside(395))],
      sessions: [
        await seed.seedSession(db, user, ago(past(90), DAY_MS), past(90)),
        await seed.seedSession(db, user, ago(inside(90), DAY_MS), inside(90)),
        // Never ended by a request, last seen past the cutoff: expired long ago.
        await seed.seedSession(db, user, ago(past(90), DAY_MS), null, past(90)),
      ],
      attempts: [await seed.seedSignInAttempt(db, past(90)), await seed.seedSignInAttempt(db, inside(90))],
      failures: [await seed.seedFactorFailure(db, user, past(90)), await seed.seedFactorFailure(db, user, inside(90))],
      lockouts: [await seed.seedLockout(db, past(90)), await seed.seedLockout(db, inside(90))],
      links: [await seed.seedLink(db, user, past(90)), await seed.seedLink(db, user, inside(90))],
      mail: [await seed.seedMail(db, "sent", past(90)), await seed.seedMail(db, "sent", inside(90))],
    };
    const latest = await seed.seedSession(db, user, ago(NOW, 3_600_000), null, ago(NOW, 60_000));
    const challenges = [await seed.seedChallenge(db, latest, past(90)), await seed.seedChallenge(db, latest, inside(90))];

    const report = await purgeOnce(deps(), { databaseKind: kind });

    expect(await left(gatewayNotifications, gatewayNotifications.id, rows.notifications)).toEqual(keysOf(rows.notifications[1]!));
    expect(await left(gatewayCalls, gatewayCalls.id, rows.calls)).toEqual(keysOf(rows.calls[1]!));
    expect(await left(sessions, sessions.id, [...rows.sessions, latest])).toEqual(keysOf(rows.sessions[1]!, latest));
    expect(await left(loginAttempts, loginAttempts.id, rows.attempts)).toEqual(keysOf(rows.attempts[1]!));
    expect(await left(mfaFailures, mfaFailures.id, rows.failures)).toEqual(keysOf(rows.failures[1]!));
    expect(await left(throttleLocks, throttleLocks.key, rows.lockouts)).toEqual(keysOf(rows.lockouts[1]!));
    expect(await left(mfaChallenges, mfaChallenges.id, challenges)).toEqual(keysOf(challenges[1]!));
    expect(await left(passwordTokens, passwordTokens.id, rows.links)).toEqual(keysOf(rows.links[1]!));
    expect(await left(mailOutbox, mailOutbox.id, rows.mail)).toEqual(keysOf(rows.mail[1]!));
    expect(report.deleted).toEqual({
      notifications: 1,
      gatewayCalls: 1,
      sessions: 2,
      signInAttempts: 1,
      factorFailures: 1,
      lapsedLockouts: 1,
      passkeyChallenges: 1,
      oneTimeLinks: 1,
      sentMail: 1,
    });
    expect(report.skipped).toBe(false);
  });

  it("follows the configured periods (RETENTION_*_DAYS)", async () => {
    const db = database.db;
    const gone = await seed.seedNotification(db, past(10));
    const kept = await seed.seedNotification(db, inside(10));
    const oldCall = await seed.seedCall(db, past(30));
    await purgeOnce(seed.retentionDeps(db, NOW, { RETENTION_NOTIFICATIONS_DAYS: "10", RETENTION_GATEWAY_CALLS_DAYS: "30" }), {
      databaseKind: kind,
    });
    expect(await left(gatewayNotifications, gatewayNotifications.id, [gone, kept])).toEqual(keysOf(kept));
    expect(await left(gatewayCalls, gatewayCalls.id, [oldCall])).toEqual([]);
  });

  it("never deletes a notification that is not processed, whatever its age", async () => {
    const db = database.db;
    const decade = ago(NOW, 3650 * DAY_MS);
    const waiting = [
      await seed.seedNotification(db, null, { receivedAt: decade }),
      await seed.seedNotification(db, null, { receivedAt: decade, result: "retry: gateway unavailable" }),
      await seed.seedNotification(db, null, { receivedAt: decade, result: `processing:${decade.getTime()}:abc` }),
    ];
    await purgeOnce(deps(), { databaseKind: kind });
    expect(await left(gatewayNotifications, gatewayNotifications.id, waiting)).toEqual(keysOf(...waiting));
  });

  it("never deletes the ledger, the audit log, what a payment's timeline shows, a user's only session or unsent mail", async () => {
    const db = database.db;
    const decade = ago(NOW, 3650 * DAY_MS);
    const payment = await insertPayment(db, {
      orderId: `ret-${decade.getTime()}`,
      kind: "sale",
      status: "captured",
      currency: "SAR",
      amountMinor: 1000,
      createdAt: decade,
      updatedAt: decade,
    });
    const [action] = await db
      .insert(paymentActions)
      .values({
        paymentId: payment.id,
        type: "refund",
        state: "succeeded",
        amountMinor: 500,
        currency: "SAR",
        idempotencyKey: `ret-${payment.id}`,
        requestHash: "h",
        requestedBy: payment.id,
        createdAt: decade,
        updatedAt: decade,
      })
      .returning();
    const audit = await appendAuditNow(db, { action: "refund.succeeded", targetType: "payment", targetId: payment.id, at: decade });
    const timeline = [
      await seed.seedCall(db, decade, { operation: "sale", purpose: null, orderId: payment.orderId }),
      await seed.seedCall(db, decade, { operation: "creditvoid", purpose: null, orderId: payment.orderId }),
      await seed.seedCall(db, decade, { operation: "status", purpose: "user_sync", orderId: payment.orderId }),
    ];
    const notShown = [
      await seed.seedCall(db, decade, { operation: "transaction_details", purpose: "sync", orderId: payment.orderId }),
      await seed.seedCall(db, decade, { operation: "status", purpose: null, orderId: payment.orderId }),
      await seed.seedCall(db, decade, { operation: "role_search", purpose: null, orderId: null, transactionId: null }),
    ];
    const lonely = await seed.seedUser(db);
    const onlySession = await seed.seedSession(db, lonely, decade, ago(decade, -MINUTE_MS));
    const unsent = [await seed.seedMail(db, "failed", decade), await seed.seedMail(db, "pending", decade)];

    await purgeOnce(deps(), { databaseKind: kind });

    expect(await left(payments, payments.id, [payment.id])).toEqual([payment.id]);
    expect(await left(paymentActions, paymentActions.id, [action!.id])).toEqual([action!.id]);
    expect(await left(auditLog, auditLog.id, [audit.id])).toEqual(keysOf(audit.id));
    expect(await left(gatewayCalls, gatewayCalls.id, [...timeline, ...notShown])).toEqual(keysOf(...timeline));
    expect(await left(sessions, sessions.id, [onlySession])).toEqual([onlySession]);
    expect(await left(mailOutbox, mailOutbox.id, unsent)).toEqual(keysOf(...unsent));
  });

  it("audits a pass that deleted something: one system row with per-table counts and cutoffs; the chain verifies", async () => {
    const db = database.db;
    await seed.seedNotification(db, past(90));
    await seed.seedNotification(db, past(90));
    await seed.seedSignInAttempt(db, past(90));

    const report = await purgeOnce(deps(), { databaseKind: kind });

    expect(report.total).toBe(3);
    const rows = await db.select().from(auditLog).where(eq(auditLog.action, "retention.purge"));
    const row = rows.find((r) => r.id === report.auditId);
    expect(row).toMatchObject({ actorId: null, actorEmail: null, ip: null, targetType: "retention" });
    expect(row!.summary).toMatchObject({
      deleted: { notifications: 2, signInAttempts: 1, gatewayCalls: 0, sessions: 0 },
      total: 3,
      cutoffs: { notifications: edge(90, 0).toISOString(), gatewayCalls: edge(395, 0).toISOString(), sentMail: edge(90, 0).toISOString() },
      days: { notificationsDays: 90, gatewayCallsDays: 395, sessionsDays: 90, signInAttemptsDays: 90, mailDays: 90 },
    });
    // Every rule's count and cutoff is there, none masked by the audit log's redaction of secret-sounding keys.
    expect(Object.keys(row!.summary as object)).toEqual(expect.arrayContaining(["deleted", "cutoffs", "total"]));
    const summary = row!.summary as { deleted: Record<string, unknown>; cutoffs: Record<string, unknown> };
    expect(Object.keys(summary.deleted).sort()).toEqual([...RULE_NAMES].sort());
    expect(Object.keys(summary.cutoffs).sort()).toEqual([...RULE_NAMES].sort());
    expect(JSON.stringify(summary)).not.toContain(REDACTED);
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true });
  });

  it("writes no audit row when nothing was past its period", async () => {
    const db = database.db;
    await purgeOnce(deps(), { databaseKind: kind }); // whatever earlier tests left past its period goes first
    const count = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(auditLog)
          .where(eq(auditLog.action, "retention.purge"))
      )[0]!.n;
    const before = await count();
    const report = await purgeOnce(deps(), { databaseKind: kind });
    expect(report.total).toBe(0);
    expect(report.auditId).toBeNull();
    expect(await count()).toBe(before);
  });
});

// Rules guarded (real sandbox over HTTP, real database): the reconciler settles payments whose outcome is unknown,
// actions in "unknown", 3-D Secure payments abandoned past 15 minutes, and notifications left unprocessed; two
// reconcilers on one database (two app instances) never both handle the same row; a gateway that does not answer
// stops the pass and gives every claim back; the background scheduler runs passes and stops.
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../../../sandbox/server";
import { openDatabase, type Database } from "../../db/client";
import { gatewayCalls, gatewayNotifications, paymentActions, payments, type PaymentRow } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { EXPIRY } from "../../../tests/support/gateway-fixtures.support";
import { completedSale, sandboxControl } from "../../../tests/support/sandbox-flows.support";
import { findPayment, insertPayment } from "../../ledger/payments";
import type { ServiceDeps } from "../deps";
import type { NotificationQueue } from "../notifications/notification-queue";
import { receiveGatewayNotification } from "../notifications/receive-notification";
import { notificationDelivery } from "../../http/notification-response";
import {
  dashboardSale,
  notificationRequest,
  signedNotification,
  TEST_ENV,
  testLogger,
  until,
  WEBHOOK_SECRET,
} from "../../../tests/support/notifications.support";
import { startTestSandbox, testDeps } from "../../../tests/support/services.support";
import { reconcileOnce } from "./reconcile";
import { startReconciler } from "./scheduler";
import { insertAction } from "../../../tests/support/sync.support";

/** The receiver without its in-process queue: the row stays unprocessed, as if the process had died. */
const droppedQueue: NotificationQueue = { push: () => {}, idle: async () => {}, batchWindowMs: 0 };
const quiet = { logger: testLogger().logger };

describe.each(testDatabaseTargets())("reconciler ($name)", (target) => {
  let database: TestDatabase;
  let second: Database | null = null;
  let sandbox: RunningSandbox;
  let deps: ServiceDeps;
  let otherInstance: ServiceDeps;

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox();
    deps = testDeps(database, sandbox.url, TEST_ENV);
    // A second app instance: its own gateway client and, on Postgres, its own connection pool.
    second = database.url ? await openDatabase({ url: database.url, dataDir: null, poolSize: 4 }) : null;
    otherInstance = { ...testDeps(database, sandbox.url, TEST_ENV), ...(second ? { db: second.db } : {}) };
  });
  afterEach(async () => {
    await sandboxControl(sandbox.url).clearFaults();
    // Leave nothing due for the next test.
    await deps.db.update(payments).set({ lastSyncedAt: new Date() });
    await deps.db
      .update(gatewayNotifications)
      .set({ processedAt: new Date() })
      .where(sql`${gatewayNotifications.processedAt} is null`);
  });
  afterAll(async () => {
    await deps?.gateway.close();
    await otherInstance?.gateway.close();
    await second?.close();
    await sandbox?.close();
    await database?.dispose();
  });

  async function unknownSale(minor = 5_000): Promise<PaymentRow> {
    const sale = await completedSale(deps.gateway, { minor });
    return insertPayment(deps.db, {
      orderId: sale.orderId,
      gatewayId: sale.transId,
      kind: "sale",
      status: "unknown",
      currency: "SAR",
      amountMinor: minor,
      payerEmail: sale.payerEmail,
    });
  }
  async function storedNotification() {
    const sale = await dashboardSale(deps);
    const res = await receiveGatewayNotification(
      deps,
      notificationDelivery(notificationRequest(signedNotification(sale, deps.config.gateway.merchantSecret)), WEBHOOK_SECRET),
      {
        queue: droppedQueue,
        logger: testLogger().logger,
      },
    );
    expect(res.kind).toBe("accepted");
    return sale;
  }
  const statusCallsFor = async (ids: string[]) =>
    deps.db
      .select({ id: gatewayCalls.transactionId, n: count() })
      .from(gatewayCalls)
      .where(and(eq(gatewayCalls.operation, "status"), inArray(gatewayCalls.transactionId, ids)))
      .groupBy(gatewayCalls.transactionId);

  it("picks up unknown payments, unknown actions, abandoned 3-D Secure and unprocessed notifications", async () => {
    const unknown = await unknownSale();
    const authorized = await completedSale(deps.gateway, { minor: 9_000, auth: true });
    const withAction = await insertPayment(deps.db, {
      orderId: authorized.orderId,
      gatewayId: authorized.transId,
      kind: "sale",
      status: "authorized",
      currency: "SAR",
      amountMinor: 9_000,
      authorizedMinor: 9_000,
      payerEmail: authorized.payerEmail,
      cardBin6: authorized.card.bin6,
      cardLast4: authorized.card.last4,
    });
    const lostCapture = await insertAction(deps.db, withAction, { type: "capture", state: "unknown", amountMinor: 9_000 });
    const challenged = await dashboardSale(deps, { expMonth: EXPIRY.challengeApproved });
    await sandboxControl(sandbox.url).answerChallenge(challenged.transId, "1234"); // the customer finished; no callback configured
    const notified = await storedNotification();

    // A fresh 3-D Secure payment is left alone; one waiting over 15 minutes is asked about.
    let report = await reconcileOnce(deps, quiet);
    expect(report.payments.map((p) => p.paymentId)).not.toContain(challenged.payment.id);
    expect(report.payments.map((p) => p.paymentId)).toEqual(expect.arrayContaining([unknown.id, withAction.id]));
    expect(report.notifications.map((n) => n.paymentId)).toContain(notified.payment.id);
    await deps.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(payments.id, challenged.payment.id));
    report = await reconcileOnce(deps, quiet);
    expect(report.payments.map((p) => p.paymentId)).toEqual([challenged.payment.id]);

    expect(await findPayment(deps.db, unknown.id)).toMatchObject({ status: "captured", capturedMinor: 5_000 });
    expect(await findPayment(deps.db, withAction.id)).toMatchObject({ status: "authorized", capturedMinor: 0 });
    expect((await deps.db.select().from(paymentActions).where(eq(paymentActions.id, lostCapture.id)))[0]!.state).toBe("failed");
    expect(await findPayment(deps.db, challenged.payment.id)).toMatchObject({ status: "captured" });
    expect(await findPayment(deps.db, notified.payment.id)).toMatchObject({ status: "captured" });
    const [note] = await deps.db.select().from(gatewayNotifications).where(eq(gatewayNotifications.transId, notified.transId));
    expect(note).toMatchObject({ processingResult: "applied" });

    // Settled rows are not taken again.
    expect(await reconcileOnce(deps, quiet)).toMatchObject({ notifications: [], payments: [] });
  });

  it("two reconcilers on one database never both process the same row", async () => {
    const unknowns = await Promise.all(Array.from({ length: 6 }, () => unknownSale(1_000)));
    const notified = [];
    for (let i = 0; i < 4; i++) notified.push(await storedNotification());
    const [a, b] = await Promise.all([reconcileOnce(deps, { limit: 50, ...quiet }), reconcileOnce(otherInstance, { limit: 50, ...quiet })]);

    const paymentsA = a.payments.map((p) => p.paymentId);
    const paymentsB = b.payments.map((p) => p.paymentId);
    expect(paymentsA.filter((id) => paymentsB.includes(id))).toEqual([]);
    expect([...paymentsA, ...paymentsB].sort()).toEqual(unknowns.map((u) => u.id).sort());
    const notesA = a.notifications.map((n) => n.id);
    const notesB = b.notifications.map((n) => n.id);
    expect(notesA.filter((id) => notesB.includes(id))).toEqual([]);
    expect(notesA.length + notesB.length).toBe(4);

    // One status query per payment: no row was worked twice.
    const calls = await statusCallsFor([...unknowns.map((u) => u.gatewayId!), ...notified.map((n) => n.transId)]);
    expect(calls).toHaveLength(10);
    expect(calls.every((c) => c.n === 1)).toBe(true);
    for (const u of unknowns) expect(await findPayment(deps.db, u.id)).toMatchObject({ status: "captured" });
  });

  it("a gateway that does not answer stops the pass and every claim is given back", async () => {
    const unknowns = [await unknownSale(), await unknownSale(), await unknownSale(), await unknownSale()];
    const notified = await storedNotification();
    await sandboxControl(sandbox.url).addFault({ operation: "status", fault: "http_503" });
    const report = await reconcileOnce(deps, quiet);
    expect(report.gatewayDown).toBe(true);
    for (const u of unknowns) expect(await findPayment(deps.db, u.id)).toMatchObject({ status: "unknown", lastSyncedAt: null });
    const [note] = await deps.db.select().from(gatewayNotifications).where(eq(gatewayNotifications.transId, notified.transId));
    expect(note!.processedAt).toBeNull();
    expect(note!.processingResult).toMatch(/^retry:/);

    await sandboxControl(sandbox.url).clearFaults();
    const after = await reconcileOnce(deps, quiet);
    expect(after.gatewayDown).toBe(false);
    for (const u of unknowns) expect(await findPayment(deps.db, u.id)).toMatchObject({ status: "captured" });
    expect(after.notifications).toMatchObject([{ result: "applied" }]);
  });

  it("the background reconciler runs passes on its interval and stops; interval 0 never runs", async () => {
    const idle = startReconciler(deps, 0, quiet);
    const p = await unknownSale();
    const handle = startReconciler(deps, 50, quiet);
    try {
      await until(async () => (await findPayment(deps.db, p.id))?.status === "captured");
    } finally {
      await handle.stop();
      await idle.stop();
    }
    expect(await idle.runNow()).toMatchObject({ payments: [] });
  });
});

// Budget rule (DESIGN "Budgets"): the notification receiver's database round trips are pinned, so that an
// extra query or commit on its path fails here rather than in a benchmark. On the request's path: the payment lookup
// and one insert (one commit), a transaction only when the notification carries tokens to record. Behind it: a batch
// of notifications for one payment costs one claim, one sync and one write of the outcomes, whatever its size (the
// burst of 10,000 callbacks for one payment in `npm run bench -- callbacks` is processed within seconds).
// Real sandbox over HTTP, both databases.
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../../../sandbox/server";
import { countQueries } from "../../db/query-observer";
import { gatewayCalls, gatewayNotifications } from "../../db/schema";
import { notificationDelivery } from "../../http/notification-response";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import {
  dashboardSale,
  heldQueue,
  notificationRequest,
  type DashboardSale,
  signedNotification,
  TEST_ENV,
  testLogger,
  WEBHOOK_SECRET,
} from "../../../tests/support/notifications.support";
import { startTestSandbox, testDeps } from "../../../tests/support/services.support";
import type { ServiceDeps } from "../deps";
import { createNotificationQueue, type NotificationQueue } from "./notification-queue";
import { processNotifications } from "./process-notification";
import { receiveGatewayNotification } from "./receive-notification";

describe.each(testDatabaseTargets())("notification receiver's database round trips on $name", (target) => {
  let database: TestDatabase;
  let sandbox: RunningSandbox;
  let deps: ServiceDeps;
  const queue = createNotificationQueue();
  const log = testLogger();
  const receive = (fields: Record<string, string>) =>
    receiveGatewayNotification(deps, notificationDelivery(notificationRequest(fields), WEBHOOK_SECRET), { queue, logger: log.logger });
  const stamp = (i: number) => `${String((i % 28) + 1).padStart(2, "0")}-01-2021 10:00:${String(i % 60).padStart(2, "0")}`;

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox();
    deps = testDeps(database, sandbox.url, TEST_ENV);
  }, 60_000);
  afterAll(async () => {
    await queue.idle();
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  it("a valid notification on the request's path: 2 round trips, 1 commit (the lookup, one insert); its processing is behind", async () => {
    const sale = await dashboardSale(deps);
    const { result, count } = await countQueries(() => receive(signedNotification(sale, deps.config.gateway.merchantSecret)));
    expect(result).toEqual({ kind: "accepted" });
    expect(count, count.sql.join("\n")).toMatchObject({ statements: 2, transactions: 0, roundTrips: 2, commits: 1 });
    await queue.idle();
    const rows = await deps.db.select().from(gatewayNotifications).where(eq(gatewayNotifications.transId, sale.transId));
    expect(rows.map((r) => r.processingResult)).toEqual(["applied"]);
  });

  it("a duplicate costs the same and stores nothing; a bad hash is one insert too (no processing queued)", async () => {
    const sale = await dashboardSale(deps);
    const fields = signedNotification(sale, deps.config.gateway.merchantSecret, { trans_date: stamp(1) });
    await receive(fields);
    await queue.idle();
    const dup = await countQueries(() => receive(fields));
    expect(dup.count, dup.count.sql.join("\n")).toMatchObject({ statements: 2, roundTrips: 2, commits: 1 });
    const forged = await countQueries(() => receive({ ...fields, trans_date: stamp(2), hash: "0".repeat(32) }));
    expect(forged.count, forged.count.sql.join("\n")).toMatchObject({ statements: 2, roundTrips: 2, commits: 1 });
  });

  it("a notification carrying a token to record: one transaction (insert, lock, update, the chained audit row)", async () => {
    const sale = await dashboardSale(deps, { recurringInit: true });
    const { count } = await countQueries(() =>
      receive(
        signedNotification(sale, deps.config.gateway.merchantSecret, { trans_date: stamp(3), recurring_token: `tok-${sale.transId}` }),
      ),
    );
    expect(count, count.sql.join("\n")).toMatchObject({ statements: 7, transactions: 1, roundTrips: 9, commits: 1 });
    await queue.idle();
  });

  const statusSyncs = async (transId: string) =>
    (
      await deps.db
        .select()
        .from(gatewayCalls)
        .where(and(eq(gatewayCalls.transactionId, transId), eq(gatewayCalls.operation, "status")))
    ).length;
  const burst = (sale: DashboardSale, q: NotificationQueue) =>
    Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        receiveGatewayNotification(
          { ...deps },
          notificationDelivery(
            notificationRequest(signedNotification(sale, deps.config.gateway.merchantSecret, { trans_date: stamp(i) })),
            WEBHOOK_SECRET,
          ),
          { queue: q, logger: log.logger },
        ),
      ),
    );
  const processedRows = (transId: string) => deps.db.select().from(gatewayNotifications).where(eq(gatewayNotifications.transId, transId));

  // The batching itself, without racing the scheduler: the queue is held (as a busy queue is) while the burst is
  // stored, then released. Every request builds its own deps object, as the route does.
  it("25 notifications stored while the queue is busy are processed as one batch: exactly one sync", async () => {
    const sale = await dashboardSale(deps);
    const before = await statusSyncs(sale.transId);
    const held = heldQueue();
    const receipts = await burst(sale, held.queue);
    expect(receipts.every((r) => r.kind === "accepted")).toBe(true);
    held.release();
    await held.queue.idle();
    const rows = await processedRows(sale.transId);
    expect(rows).toHaveLength(25);
    expect(rows.every((r) => r.processedAt !== null && r.processingResult === "applied")).toBe(true);
    expect((await statusSyncs(sale.transId)) - before).toBe(1);
  });

  // Straight through a running queue, how the burst splits into batches depends on how the inserts and the queue
  // interleave (machine speed, load): the invariant is that every notification is processed and a burst costs
  // fewer syncs than notifications.
  it("a burst straight through a running queue: every notification processed, fewer syncs than notifications", async () => {
    const sale = await dashboardSale(deps);
    const before = await statusSyncs(sale.transId);
    const receipts = await burst(sale, queue);
    expect(receipts.every((r) => r.kind === "accepted")).toBe(true);
    await queue.idle();
    const rows = await processedRows(sale.transId);
    expect(rows).toHaveLength(25);
    expect(rows.every((r) => r.processedAt !== null)).toBe(true);
    expect((await statusSyncs(sale.transId)) - before).toBeLessThan(25);
  });

  it("processing a batch of 1 or 25 notifications for one payment costs the same: one claim, one sync, one write", async () => {
    const costs = [];
    for (const n of [1, 25]) {
      const sale = await dashboardSale(deps);
      const ids: number[] = [];
      for (let i = 0; i < n; i++) {
        // Stored as the receiver stores them, processed here rather than by the queue.
        const fields = signedNotification(sale, deps.config.gateway.merchantSecret, { trans_date: stamp(i) });
        const [row] = await deps.db
          .insert(gatewayNotifications)
          .values({
            dedupeKey: `rt-${sale.transId}-${i}`,
            transId: sale.transId,
            orderId: sale.orderId,
            hashValid: true,
            payload: fields,
            paymentId: sale.payment.id,
          })
          .returning({ id: gatewayNotifications.id });
        ids.push(row!.id);
      }
      const { result, count } = await countQueries(() => processNotifications(deps, ids, log.logger));
      expect(result.map((o) => o.result)).toEqual(Array.from({ length: n }, () => "applied"));
      const rows = await deps.db.select().from(gatewayNotifications).where(inArray(gatewayNotifications.id, ids));
      expect(rows.every((r) => r.processedAt !== null && r.processingResult === "applied")).toBe(true);
      costs.push(count);
    }
    const [one, many] = costs;
    // claim (1) + the sync by gateway ids (lookup, then one transaction holding its two call records and the ledger
    // update: 1) + the outcomes (1).
    expect(one, one!.sql.join("\n")).toMatchObject({ transactions: 1, commits: 3 });
    expect({ ...many, sql: [] }).toEqual({ ...one, sql: [] });
  });
});

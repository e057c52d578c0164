import "./next-scope.support"; // first: Next's request scope needs the global AsyncLocalStorage before Next loads
// Threats guarded: a forged notification (bad hash), a replayed one, one about a payment nobody made, and one that
// would move a payment's state backwards (delivery is unordered) — each posted to the real route handler
// (app/api/webhooks/gateway/[secret]) with the app's own deps and queue, against the real sandbox, and each must
// change nothing: every table is compared before and after (only the receipt row itself, stored by design, may be
// new). The receiver's rules are tested service by service in server/services/notifications/receive-notification
// .test.ts; this suite attacks them through HTTP as the gateway (or a forger) would reach them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAuditChain } from "../../server/audit/audit-log";
import { testDatabaseTargets, type TestDatabase } from "../support/db.support";
import { findPayment } from "../../server/ledger/payments";
import { appDeps } from "../../server/services/app-deps";
import type { ServiceDeps } from "../../server/services/deps";
import { defaultNotificationQueue } from "../../server/services/notifications/notification-queue";
import { defaultStatusQueryLimiter } from "../../server/services/notifications/status-query-limiter";
import { dashboardSale, signedNotification, type DashboardSale } from "../support/notifications.support";
import {
  call,
  captureAppLog,
  changedTables,
  declaredRoutes,
  installDatabase,
  routeOf,
  SECRETS,
  snapshot,
  startAttackSandbox,
  stopAttackSandbox,
  uninstallDatabase,
} from "./harness.support";
import { assertNoSecrets } from "./secrets.support";

const HOOK = routeOf(await declaredRoutes(), "POST", "webhooks/gateway/[secret]");
/** The same receiver, its secret in the X-Webhook-Secret header (a path a proxy can log without leaking anything). */
const HEADER_HOOK = routeOf(await declaredRoutes(), "POST", "webhooks/gateway");

afterAll(() => stopAttackSandbox());

describe.each(testDatabaseTargets())("the notification receiver under attack on $name", (target) => {
  let database: TestDatabase;
  let deps: ServiceDeps;
  const log = captureAppLog();

  beforeAll(async () => {
    await startAttackSandbox();
    database = await target.open();
    await installDatabase(database);
    deps = await appDeps();
  });
  afterAll(async () => {
    await defaultNotificationQueue().idle();
    log.restore();
    await uninstallDatabase();
    await database?.dispose();
  });

  /** Post as the gateway does (urlencoded, no Origin, no cookie), then let the app's queue process it. */
  async function post(fields: Record<string, string>, secret = SECRETS.webhook) {
    const res = await call(HOOK, {
      params: { secret },
      origin: null,
      body: new URLSearchParams(fields).toString(),
      contentType: "application/x-www-form-urlencoded",
    });
    await defaultNotificationQueue().idle();
    await defaultStatusQueryLimiter().idle();
    assertNoSecrets(res, "receiver");
    return res;
  }

  /**
   * Everything but the receipt rows, which the receiver stores for every notification by design, and the times of
   * a payment's last status query (a notification is a hint to ask the gateway; the sync stamps last_synced_at and
   * updated_at even when the gateway confirms nothing new: asking is not a change).
   */
  async function state() {
    const s = await snapshot(database.db, { payments: ["last_synced_at", "updated_at"] });
    delete s.gateway_notifications;
    return s;
  }

  async function capturedSale(): Promise<DashboardSale> {
    const sale = await dashboardSale(deps);
    const res = await post(signedNotification(sale, SECRETS.merchantSecret));
    expect({ status: res.status, text: res.text }).toEqual({ status: 200, text: "OK" });
    expect(await findPayment(deps.db, sale.payment.id)).toMatchObject({ status: "captured", capturedMinor: 10_000 });
    return sale;
  }

  it("a bad hash changes nothing (and is still answered 200 OK: a forger learns nothing)", async () => {
    // A payment the ledger already holds as the gateway does: the status query a bad hash may schedule (#16: a
    // notification is a hint; our own query decides) finds nothing to change, so nothing may change at all.
    const sale = await capturedSale();
    const before = await state();
    for (const hash of ["0".repeat(32), "", signedNotification(sale, "not-the-merchant-secret").hash!]) {
      const res = await post(signedNotification(sale, SECRETS.merchantSecret, { hash, status: "SETTLED" }));
      expect({ status: res.status, text: res.text }).toEqual({ status: 200, text: "OK" });
    }
    expect(changedTables(before, await state())).toEqual([]);
    expect(await findPayment(deps.db, sale.payment.id)).toMatchObject({ status: "captured", capturedMinor: 10_000, refundedMinor: 0 });
  });

  it("a wrong path secret is 404 and stores nothing at all", async () => {
    const sale = await dashboardSale(deps);
    const before = await snapshot(database.db);
    const res = await post(signedNotification(sale, SECRETS.merchantSecret), `${SECRETS.webhook}x`);
    expect(res.status).toBe(404);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });

  /** Post to the header door; `secret` null sends no X-Webhook-Secret at all. */
  async function postWithHeader(fields: Record<string, string>, secret: string | null) {
    const res = await call(HEADER_HOOK, {
      origin: null,
      headers: secret === null ? {} : { "x-webhook-secret": secret },
      body: new URLSearchParams(fields).toString(),
      contentType: "application/x-www-form-urlencoded",
    });
    await defaultNotificationQueue().idle();
    await defaultStatusQueryLimiter().idle();
    assertNoSecrets(res, "receiver (header)");
    return res;
  }

  it("the header door: the right X-Webhook-Secret is received as on the path; a wrong or missing one is 404 and stores nothing", async () => {
    const sale = await dashboardSale(deps);
    const fields = signedNotification(sale, SECRETS.merchantSecret);
    for (const wrong of [`${SECRETS.webhook}x`, "", null, SECRETS.webhook.slice(0, -1)]) {
      const before = await snapshot(database.db);
      const res = await postWithHeader(fields, wrong);
      expect(res.status, `X-Webhook-Secret ${JSON.stringify(wrong)}`).toBe(404);
      expect(changedTables(before, await snapshot(database.db))).toEqual([]);
    }
    const res = await postWithHeader(fields, SECRETS.webhook);
    expect({ status: res.status, text: res.text }).toEqual({ status: 200, text: "OK" });
    expect(await findPayment(deps.db, sale.payment.id)).toMatchObject({ status: "captured", capturedMinor: 10_000 });
    // One receiver behind both doors: the same notification by the path is a duplicate, and changes nothing.
    const exact = await snapshot(database.db);
    expect((await post(fields)).status).toBe(200);
    expect(changedTables(exact, await snapshot(database.db))).toEqual([]);
  });

  it("a replayed notification changes nothing, exact or with altered fields the hash does not cover", async () => {
    const sale = await capturedSale();
    const fields = signedNotification(sale, SECRETS.merchantSecret);
    const exact = await snapshot(database.db);
    expect((await post(fields)).status).toBe(200);
    expect(changedTables(exact, await snapshot(database.db))).toEqual([]); // deduplicated: not even a receipt row
    const before = await state();
    const altered: Array<Record<string, string>> = [
      { status: "VOID", action: "VOID" },
      { amount: "1.00" },
      { status: "REFUND", action: "CREDITVOID", trans_date: "23-11-2025 10:00:00" },
    ];
    for (const over of altered) {
      expect((await post(signedNotification(sale, SECRETS.merchantSecret, over))).status).toBe(200);
    }
    // The status query confirms nothing new: the sync changes no row (its own audit entry aside).
    const changed = changedTables(before, await state());
    expect(changed.filter((t) => t !== "audit_log")).toEqual([]);
    expect(await findPayment(deps.db, sale.payment.id)).toMatchObject({ status: "captured", capturedMinor: 10_000, refundedMinor: 0 });
  });

  it("a notification about an unknown payment creates nothing", async () => {
    const before = await state();
    const forged = {
      transId: "7d1c9a0e-5b4f-4e3d-9c2b-1a0f9e8d7c6b",
      orderId: "attack-order-404",
      email: "nobody@example.com",
      card: { bin6: "411111", last4: "1111" },
    };
    expect((await post(signedNotification(forged, SECRETS.merchantSecret))).status).toBe(200);
    expect(changedTables(before, await state())).toEqual([]);
  });

  it("a notification that would move a payment backwards changes nothing", async () => {
    const sale = await capturedSale();
    const before = await state();
    const earlier: Array<Record<string, string>> = [
      { status: "PENDING", action: "SALE" },
      { status: "3DS", result: "REDIRECT" },
      { status: "PREPARE" },
      { status: "DECLINED", result: "DECLINED" },
    ];
    for (const over of earlier) {
      expect((await post(signedNotification(sale, SECRETS.merchantSecret, { ...over, trans_date: "20-11-2025 08:00:00" }))).status).toBe(
        200,
      );
    }
    expect(changedTables(before, await state()).filter((t) => t !== "audit_log")).toEqual([]);
    expect(await findPayment(deps.db, sale.payment.id)).toMatchObject({ status: "captured", capturedMinor: 10_000 });
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true });
  });
});

// Rules and threats guarded (real sandbox over HTTP, real database): the receiver answers 200 "OK" and stores each
// notification once; a notification only hints (the state follows the status query, forward only); a bad hash,
// a replay, a duplicate or a wrong path secret changes nothing; tokens are kept only from verified notifications;
// a payment the dashboard did not start enters the ledger only once the gateway confirms it.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../../../sandbox/server";
import { auditLog, gatewayCalls, gatewayNotifications, payments } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { saleHash } from "../../gateway/signing";
import { completedSale, sandboxControl } from "../../../tests/support/sandbox-flows.support";
import { findPayment, findPaymentByGatewayId } from "../../ledger/payments";
import type { ServiceDeps } from "../deps";
import { startTestSandbox, testDeps } from "../../../tests/support/services.support";
import { reconcileOnce } from "../sync/reconcile";
import { createNotificationQueue } from "./notification-queue";
import { createStatusQueryLimiter } from "./status-query-limiter";
import { receiveGatewayNotification } from "./receive-notification";
import { notificationDelivery } from "../../http/notification-response";
import { notificationResponse } from "../../http/notification-response";
import {
  dashboardSale,
  notificationRequest,
  signedNotification,
  TEST_ENV,
  testLogger,
  WEBHOOK_SECRET,
} from "../../../tests/support/notifications.support";

describe.each(testDatabaseTargets())("notification receiver ($name)", { tags: ["gateway-profile"] }, (target) => {
  let database: TestDatabase;
  let sandbox: RunningSandbox;
  let deps: ServiceDeps;
  const queue = createNotificationQueue();
  const statusQueries = createStatusQueryLimiter();
  const log = testLogger();

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox();
    deps = testDeps(database, sandbox.url, TEST_ENV);
  });
  afterAll(async () => {
    await queue.idle();
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  /** The receiver as the route answers (notification-response.ts): the HTTP behaviour the gateway sees. */
  const answer = async (request: Request, pathSecret: string) =>
    notificationResponse(
      await receiveGatewayNotification(deps, notificationDelivery(request, pathSecret), { queue, logger: log.logger, statusQueries }),
    );

  async function post(fields: Record<string, unknown>, opts: { format?: "form" | "json"; secret?: string } = {}) {
    const req = notificationRequest(fields, opts);
    const res = await answer(req, opts.secret ?? WEBHOOK_SECRET);
    await queue.idle();
    await statusQueries.idle();
    return { status: res.status, text: await res.text(), type: res.headers.get("content-type") };
  }
  const rowsFor = (transId: string) => deps.db.select().from(gatewayNotifications).where(eq(gatewayNotifications.transId, transId));
  const statusCalls = async (transId: string) =>
    (
      await deps.db
        .select({ n: count() })
        .from(gatewayCalls)
        .where(and(eq(gatewayCalls.transactionId, transId), eq(gatewayCalls.operation, "status")))
    )[0]!.n;
  const secret = () => deps.config.gateway.merchantSecret;

  it("a valid notification is answered 200 OK, recorded, and applied only as far as the status query confirms", async () => {
    const sale = await dashboardSale(deps);
    const res = await post(signedNotification(sale, secret()));
    expect(res).toMatchObject({ status: 200, text: "OK" });
    expect(res.type).toMatch(/^text\/plain/);
    const [row] = await rowsFor(sale.transId);
    expect(row).toMatchObject({
      hashValid: true,
      processingResult: "applied",
      paymentId: sale.payment.id,
      action: "SALE",
      status: "SETTLED",
    });
    expect(row!.processedAt).toBeInstanceOf(Date);
    expect((row!.payload as Record<string, unknown>).hash).toBe("[REDACTED]");
    expect(await findPayment(deps.db, sale.payment.id)).toMatchObject({
      status: "captured",
      capturedMinor: 10_000,
      authorizedMinor: 10_000,
    });
    const audits = await deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, sale.payment.id), eq(auditLog.action, "payment.sync")));
    expect(audits).toHaveLength(1);
  });

  it("idempotent: the same notification twice stores one row and queries the gateway once", async () => {
    const sale = await dashboardSale(deps);
    const fields = signedNotification(sale, secret());
    await post(fields);
    const callsAfterFirst = await statusCalls(sale.transId);
    const again = await post(fields);
    const againJson = await post(fields, { format: "json" }); // the same notification in the other encoding
    expect(again).toMatchObject({ status: 200, text: "OK" });
    expect(againJson).toMatchObject({ status: 200, text: "OK" });
    expect(await rowsFor(sale.transId)).toHaveLength(1);
    expect(await statusCalls(sale.transId)).toBe(callsAfterFirst);
  });

  it("#16 a bad hash naming a known payment is stored as invalid, changes nothing by itself, gets 200, is logged at warn, and schedules ONE status query whose answer alone moves the ledger", async () => {
    const sale = await dashboardSale(deps);
    const res = await post(signedNotification(sale, secret(), { hash: "0".repeat(32), status: "REFUND" }));
    expect(res).toMatchObject({ status: 200, text: "OK" });
    const [row] = await rowsFor(sale.transId);
    expect(row).toMatchObject({ hashValid: false, processingResult: "invalid_hash" });
    expect(row!.processedAt).toBeInstanceOf(Date);
    expect(await statusCalls(sale.transId)).toBe(1);
    // The gateway says settled (not the payload's REFUND): the ledger follows the gateway.
    expect(await findPayment(deps.db, sale.payment.id)).toMatchObject({ status: "captured", capturedMinor: 10_000, refundedMinor: 0 });
    expect(log.lines.some((l) => l.includes('"level":"warn"') && l.includes("notification.invalid_hash") && l.includes(sale.transId))).toBe(
      true,
    );
  });

  it("a hash made with the wrong merchant secret or for another card is invalid (both formula variants checked)", async () => {
    const sale = await dashboardSale(deps);
    await post(signedNotification(sale, "not-the-merchant-secret"));
    // Signed for the sale's card, but naming another card: the hash covers the card digits.
    await post(signedNotification(sale, secret(), { card: "512345XXXXXX0008", trans_date: "x" }));
    // The variant signed without trans_id (the SALE formula) is accepted.
    await post(
      signedNotification(sale, secret(), { trans_date: "y", hash: saleHash({ email: sale.email, secret: secret(), card: sale.card }) }),
    );
    const rows = await rowsFor(sale.transId);
    // The first invalid one names a payment the ledger knows: it scheduled our own status query (#16), which
    // brought the ledger up to date, so the valid one finds nothing left to change.
    expect(rows.map((r) => [r.hashValid, r.processingResult])).toEqual([
      [false, "invalid_hash"],
      [false, "invalid_hash"],
      [true, "no_change"],
    ]);
    expect(await findPayment(deps.db, sale.payment.id)).toMatchObject({ status: "captured" });
  });

  it("a replayed notification with altered fields (the hash does not cover status or amount) cannot move the payment: the gateway decides", async () => {
    const sale = await dashboardSale(deps, { auth: true });
    await post(signedNotification(sale, secret(), { status: "PENDING" }));
    expect(await findPayment(deps.db, sale.payment.id)).toMatchObject({ status: "authorized", capturedMinor: 0 });
    const replay = await post(
      signedNotification(sale, secret(), { status: "SETTLED", action: "CAPTURE", trans_date: "22-11-2025 09:00:00" }),
    );
    expect(replay.status).toBe(200);
    const rows = await rowsFor(sale.transId);
    expect(rows.map((r) => r.processingResult)).toEqual(["applied", "no_change"]);
    expect(await findPayment(deps.db, sale.payment.id)).toMatchObject({ status: "authorized", capturedMinor: 0 });
  });

  it("a notification that would move the payment backwards changes nothing", async () => {
    const sale = await dashboardSale(deps);
    expect(
      (
        await deps.gateway.refund({
          transId: sale.transId,
          amount: { minor: 10_000, currency: "SAR" },
          payerEmail: sale.email,
          card: sale.card,
        })
      ).kind,
    ).toBe("success");
    await post(signedNotification(sale, secret(), { action: "CREDITVOID", status: "REFUND" }));
    const refunded = await findPayment(deps.db, sale.payment.id);
    expect(refunded).toMatchObject({ status: "refunded", refundedMinor: 10_000, capturedMinor: 10_000 });
    // The earlier SALE callback arriving late (delivery is unordered).
    await post(signedNotification(sale, secret(), { trans_date: "20-11-2025 08:00:00" }));
    expect(await findPayment(deps.db, sale.payment.id)).toMatchObject({
      status: "refunded",
      refundedMinor: 10_000,
      updatedAt: expect.any(Date),
    });
    const rows = await rowsFor(sale.transId);
    expect(rows.at(-1)!.processingResult).toBe("no_change");
  });

  it("accepts JSON as well as urlencoded", async () => {
    const sale = await dashboardSale(deps);
    const res = await post(signedNotification(sale, secret()), { format: "json" });
    expect(res).toMatchObject({ status: 200, text: "OK" });
    const [row] = await rowsFor(sale.transId);
    expect(row).toMatchObject({ hashValid: true, processingResult: "applied", contentType: "application/json" });
  });

  it("a wrong path secret is 404 and stores nothing", async () => {
    const sale = await dashboardSale(deps);
    const fields = signedNotification(sale, secret());
    const res = await answer(notificationRequest(fields, { secret: "guess" }), "guess");
    expect(res.status).toBe(404);
    const res2 = await answer(notificationRequest(fields), WEBHOOK_SECRET.slice(0, -1));
    expect(res2.status).toBe(404);
    expect(await rowsFor(sale.transId)).toHaveLength(0);
  });

  it("refuses other content types (415) and oversized bodies (413), storing nothing", async () => {
    const sale = await dashboardSale(deps);
    const text = new Request("http://d/x", { method: "POST", headers: { "content-type": "text/plain" }, body: `trans_id=${sale.transId}` });
    expect((await answer(text, WEBHOOK_SECRET)).status).toBe(415);
    const big = signedNotification(sale, secret(), { padding: "x".repeat(70_000) });
    expect((await post(big)).status).toBe(413);
    expect(await rowsFor(sale.transId)).toHaveLength(0);
  });

  it("tokens of a verified notification are stored with the payment (masked in the stored payload); an invalid one's are not", async () => {
    const sale = await dashboardSale(deps, { recurringInit: true, saveToken: true });
    const sbx = sandbox.state.data.payments[sale.transId]!;
    expect(sbx.recurringToken && sbx.cardToken).toBeTruthy();
    const forged = await dashboardSale(deps);
    await post(signedNotification(forged, "wrong-secret", { recurring_token: "forged-recurring-token", card_token: "forged-card-token" }));
    expect(await findPayment(deps.db, forged.payment.id)).toMatchObject({ recurringToken: null, cardToken: null });

    await post(signedNotification(sale, secret(), { recurring_token: sbx.recurringToken!, card_token: sbx.cardToken! }));
    expect(await findPayment(deps.db, sale.payment.id)).toMatchObject({
      recurringToken: sbx.recurringToken,
      cardToken: sbx.cardToken,
      status: "captured",
    });
    const [row] = await rowsFor(sale.transId);
    expect(JSON.stringify(row!.payload)).not.toContain(sbx.cardToken!);
    expect(JSON.stringify(row!.payload)).not.toContain(sbx.recurringToken!);
  });

  it("a payment made outside the dashboard enters the ledger (kind external) only after the status query confirms it", async () => {
    const control = sandboxControl(sandbox.url);
    const sale = await completedSale(deps.gateway, { minor: 4_200 }); // on the merchant's website: not in the ledger
    const fields = signedNotification({ transId: sale.transId, orderId: sale.orderId, email: sale.payerEmail, card: sale.card }, secret(), {
      amount: "999.00",
    });
    await control.addFault({ operation: "status", fault: "http_503", times: 100 });
    try {
      expect((await post(fields)).status).toBe(200);
      const [waiting] = await rowsFor(sale.transId);
      expect(waiting).toMatchObject({ hashValid: false, processedAt: null });
      expect(waiting!.processingResult).toMatch(/^retry:/);
      expect(await findPaymentByGatewayId(deps.db, sale.transId)).toBeNull();
    } finally {
      await control.clearFaults();
    }
    const report = await reconcileOnce(deps, { logger: log.logger });
    expect(report.notifications.find((n) => n.result === "created_external")).toBeTruthy();
    const created = await findPaymentByGatewayId(deps.db, sale.transId);
    expect(created).toMatchObject({
      kind: "external",
      orderId: sale.orderId,
      status: "captured",
      currency: "SAR",
      amountMinor: 4_200, // from the gateway's answer, not the notification's 999.00
      capturedMinor: 4_200,
      payerEmail: sale.payerEmail,
      cardLast4: sale.card.last4,
    });
    expect(created!.payerName).toBeTruthy();
    const [done] = await rowsFor(sale.transId);
    expect(done).toMatchObject({ processingResult: "created_external", paymentId: created!.id });
  });

  it("a notification about a payment the gateway does not know creates nothing", async () => {
    const before = (await deps.db.select({ n: count() }).from(payments))[0]!.n;
    const fake = {
      transId: "11111111-2222-4333-8444-555555555555",
      orderId: "ord-forged",
      email: "x@example.com",
      card: { bin6: "411111", last4: "1111" },
    };
    await post(signedNotification(fake, secret()));
    const [row] = await rowsFor(fake.transId);
    expect(row).toMatchObject({ hashValid: false, processingResult: "unknown_payment" });
    expect((await deps.db.select({ n: count() }).from(payments))[0]!.n).toBe(before);
  });
});

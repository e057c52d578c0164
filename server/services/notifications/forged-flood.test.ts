// Threat guarded (#16 "no notification lost to a hash"): 1,000 notifications with bad hashes for ONE known payment
// (a forger, or a gateway signing with another secret or profile). Each is answered as today (200 "OK"), each is
// stored (nothing lost), the ledger changes only as our own status query says, and at most a handful of status
// queries reach the gateway (one at once, one coalesced at the end of the per-payment minute). Also: the
// hosted-checkout callback and the S2S webhook shapes of the family are accepted and verified with their formulas.
import { and, count, eq } from "drizzle-orm";
import { money } from "@/lib/money";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../../../sandbox/server";
import { gatewayCalls, gatewayNotifications } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { checkoutCallbackHash, captureHash } from "../../gateway/signing";
import { findPayment } from "../../ledger/payments";
import type { ServiceDeps } from "../deps";
import { startTestSandbox, testDeps } from "../../../tests/support/services.support";
import { createNotificationQueue } from "./notification-queue";
import { receiveGatewayNotification } from "./receive-notification";
import { createStatusQueryLimiter } from "./status-query-limiter";
import { notificationDelivery, notificationResponse } from "../../http/notification-response";
import {
  dashboardSale,
  notificationRequest,
  signedNotification,
  TEST_ENV,
  testLogger,
  WEBHOOK_SECRET,
} from "../../../tests/support/notifications.support";

describe.each(testDatabaseTargets())("forged notifications ($name)", { tags: ["gateway-profile"] }, (target) => {
  let database: TestDatabase;
  let sandbox: RunningSandbox;
  let deps: ServiceDeps;
  const statusLines: string[] = [];
  const queue = createNotificationQueue();
  const log = testLogger();

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox((line) => {
      if (line.startsWith("POST /payment/status ")) statusLines.push(line);
    });
    // The flood's bursts run in this process, beside the sandbox answering the one status query: on a busy machine
    // that query took 2.5 s and, on a loaded run, passed the default 5 s timeout, so the ledger kept its state and
    // the test failed on the machine's speed. On a machine running two suites at once it then passed the overall
    // 15 s deadline of a gateway call (20.5 s, outcome "transport", in both passes of one run): the flood's 1,000
    // writes queue ahead of the query's own on the one embedded connection. Neither the client's timeout nor its
    // deadline is what is tested here: both are set far beyond any machine's slowness.
    deps = testDeps(database, sandbox.url, { ...TEST_ENV, GATEWAY_TIMEOUT_MS: "120000", GATEWAY_DEADLINE_MS: "240000" });
  });
  afterAll(async () => {
    await queue.idle();
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  const send = async (fields: Record<string, unknown>, statusQueries: ReturnType<typeof createStatusQueryLimiter>, format?: "json") => {
    const res = notificationResponse(
      await receiveGatewayNotification(deps, notificationDelivery(notificationRequest(fields, { format }), WEBHOOK_SECRET), {
        queue,
        logger: log.logger,
        statusQueries,
      }),
    );
    return { status: res.status, text: await res.text() };
  };
  const statusCalls = async (transId: string) =>
    (
      await deps.db
        .select({ n: count() })
        .from(gatewayCalls)
        .where(and(eq(gatewayCalls.transactionId, transId), eq(gatewayCalls.operation, "status")))
    )[0]!.n;

  it("1,000 forged notifications for one payment: all answered OK and stored, ≤ 3 status queries, ledger as the gateway says", async () => {
    // The per-payment window as shipped (a minute): the flood gets one query at once, and the rest coalesce into one
    // waiting query for the end of the minute (the next test shows such a query runs and catches a real change). The
    // limiter's clock stands still here: on a loaded machine the flood could outlast the minute, and the count would
    // then depend on the machine's speed, not on the limiter.
    const frozen = Date.now();
    const statusQueries = createStatusQueryLimiter({ now: () => frozen });
    const sale = await dashboardSale(deps, { auth: true });
    statusLines.length = 0;
    const answers = [];
    // Sent 20 at a time, as a flood arrives (the order of the forgeries is not what is tested; each answer is).
    for (let i = 0; i < 1_000; i += 20) {
      const burst = Array.from({ length: 20 }, (_, j) =>
        // Each differs (trans_date, claimed status): no dedupe hides any of them.
        signedNotification(sale, "forger-guess", { trans_date: `forged-${i + j}`, status: (i + j) % 2 ? "REFUND" : "VOID" }),
      );
      answers.push(...(await Promise.all(burst.map((forged) => send(forged, statusQueries)))));
    }
    expect(answers).toHaveLength(1_000);
    expect(answers.every((a) => a.status === 200 && a.text === "OK")).toBe(true);
    await statusQueries.idle();
    await queue.idle();
    const [stored] = await deps.db
      .select({ n: count() })
      .from(gatewayNotifications)
      .where(and(eq(gatewayNotifications.transId, sale.transId), eq(gatewayNotifications.processingResult, "invalid_hash")));
    expect(stored!.n).toBe(1_000);
    expect(statusLines.length).toBe(1);
    expect(statusQueries.waitingCount()).toBe(1);
    expect(await statusCalls(sale.transId)).toBe(statusLines.length);
    // The one query was answered (not given up on): the ledger below follows its answer.
    const [query] = await deps.db
      .select({ outcome: gatewayCalls.outcome, latencyMs: gatewayCalls.latencyMs })
      .from(gatewayCalls)
      .where(and(eq(gatewayCalls.transactionId, sale.transId), eq(gatewayCalls.operation, "status")));
    expect(query, `the status query: ${JSON.stringify(query)}`).toMatchObject({ outcome: "success" });
    // The gateway says authorized (auth=Y): neither REFUND nor VOID from the payloads was applied.
    expect(await findPayment(deps.db, sale.payment.id)).toMatchObject({ status: "authorized", capturedMinor: 0, refundedMinor: 0 });
    // 6 s on a quiet machine, 25 s with two suites running: the suite's 30 s limit would be the next thing to fail.
  }, 120_000);

  it("a state change hinted inside the rate-limit window is not lost: the coalesced query at its end picks it up", async () => {
    const statusQueries = createStatusQueryLimiter({ perPaymentMs: 1_000 });
    const sale = await dashboardSale(deps, { auth: true });
    await send(signedNotification(sale, "other-secret", { trans_date: "a" }), statusQueries);
    await statusQueries.idle();
    expect(await findPayment(deps.db, sale.payment.id)).toMatchObject({ status: "authorized" });
    // The payment is captured at the gateway (not through the dashboard); its callback, signed another way, comes soon after.
    const captured = await deps.gateway.capture({
      transId: sale.transId,
      amount: money(10_000, "SAR"),
      payerEmail: sale.email,
      card: sale.card,
    });
    expect(captured.kind).toBe("success");
    expect(await send(signedNotification(sale, "other-secret", { trans_date: "b", action: "CAPTURE" }), statusQueries)).toMatchObject({
      text: "OK",
    });
    await statusQueries.drained();
    expect(await findPayment(deps.db, sale.payment.id)).toMatchObject({ status: "captured", capturedMinor: 10_000 });
  });

  it("the hosted-checkout callback shape (id, order_number, …) is accepted and verified with its SHA1(MD5) formula", async () => {
    const statusQueries = createStatusQueryLimiter();
    const sale = await dashboardSale(deps);
    const fields = {
      id: sale.transId,
      order_number: sale.orderId,
      order_amount: "100.00",
      order_currency: "SAR",
      order_description: "Test order",
      type: "sale",
      status: "success",
    };
    const hash = checkoutCallbackHash({
      id: sale.transId,
      orderNumber: sale.orderId,
      orderAmount: "100.00",
      orderCurrency: "SAR",
      orderDescription: "Test order",
      secret: deps.config.gateway.merchantSecret,
      upper: deps.config.gateway.profile?.upperCase,
    });
    expect(await send({ ...fields, hash }, statusQueries, "json")).toMatchObject({ status: 200, text: "OK" });
    await queue.idle();
    const [row] = await deps.db.select().from(gatewayNotifications).where(eq(gatewayNotifications.transId, sale.transId));
    expect(row).toMatchObject({ hashValid: true, orderId: sale.orderId, processingResult: "applied", paymentId: sale.payment.id });
    expect(await findPayment(deps.db, sale.payment.id)).toMatchObject({ status: "captured" });
  });

  it("the S2S webhook shape (transactionId) signed with the API key verifies (the S2S secret of the contract profile)", async () => {
    const statusQueries = createStatusQueryLimiter();
    const sale = await dashboardSale(deps);
    const profile = deps.config.gateway.profile!;
    const key = profile.s2sSaleSecret === "api_key" ? deps.config.gateway.apiKey : deps.config.gateway.merchantSecret;
    const base = signedNotification(sale, key);
    const { trans_id: _t, ...rest } = base as Record<string, unknown>;
    const webhook = {
      ...rest,
      transactionId: sale.transId,
      hash: captureHash({ email: sale.email, secret: key, transId: sale.transId, card: sale.card, upper: profile.upperCase }),
    };
    expect(await send(webhook, statusQueries, "json")).toMatchObject({ status: 200, text: "OK" });
    await queue.idle();
    const [row] = await deps.db.select().from(gatewayNotifications).where(eq(gatewayNotifications.transId, sale.transId));
    expect(row).toMatchObject({ hashValid: true, processingResult: "applied" });
  });
});

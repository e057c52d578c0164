// End to end over real HTTP: the sandbox gateway posts its callbacks (urlencoded, then JSON) to a local server
// wrapping the receiver. Rules guarded: what the gateway really sends verifies and is applied once confirmed;
// 3-D Secure completion, refunds and tokens arrive by notification; a payment made on the merchant's website enters
// the ledger from the gateway's own answer; the gateway gets 200 and does not retry.
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../../../sandbox/server";
import { gatewayNotifications } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { EXPIRY } from "../../../tests/support/gateway-fixtures.support";
import { completedSale, sandboxControl } from "../../../tests/support/sandbox-flows.support";
import { findPayment, findPaymentByGatewayId } from "../../ledger/payments";
import type { ServiceDeps } from "../deps";
import { testDeps } from "../../../tests/support/services.support";
import {
  dashboardSale,
  startCallbackSandbox,
  startReceiverServer,
  TEST_ENV,
  until,
  type ReceiverServer,
} from "../../../tests/support/notifications.support";

describe.each(testDatabaseTargets())("gateway callbacks end to end ($name)", (target) => {
  let database: TestDatabase;
  let receiver: ReceiverServer;
  let formSandbox: RunningSandbox;
  let jsonSandbox: RunningSandbox;
  let formDeps: ServiceDeps;
  let jsonDeps: ServiceDeps;
  // One receiver; each sandbox's callbacks are processed with a client pointed at that sandbox.
  let current: () => ServiceDeps = () => formDeps;
  const useJson = (on: boolean) => (current = on ? () => jsonDeps : () => formDeps);

  beforeAll(async () => {
    database = await target.open();
    receiver = await startReceiverServer(() => current());
    formSandbox = await startCallbackSandbox(receiver.url, "form");
    jsonSandbox = await startCallbackSandbox(receiver.url, "json");
    formDeps = testDeps(database, formSandbox.url, TEST_ENV);
    jsonDeps = testDeps(database, jsonSandbox.url, TEST_ENV);
  });
  afterAll(async () => {
    await receiver?.queue.idle();
    await formSandbox?.close();
    await jsonSandbox?.close();
    await receiver?.close();
    await formDeps?.gateway.close();
    await jsonDeps?.gateway.close();
    await database?.dispose();
  });

  const processed = (transId: string, n = 1) =>
    until(async () => {
      const rows = await formDeps.db
        .select()
        .from(gatewayNotifications)
        .where(and(eq(gatewayNotifications.transId, transId), isNotNull(gatewayNotifications.processedAt)));
      return rows.length >= n ? rows : undefined;
    });

  it("urlencoded: a sale's callback verifies, is applied after the status query, and its tokens are stored", async () => {
    useJson(false);
    const sale = await dashboardSale(formDeps, { recurringInit: true, saveToken: true });
    const [row] = await processed(sale.transId);
    expect(row).toMatchObject({ hashValid: true, processingResult: "applied", contentType: "application/x-www-form-urlencoded" });
    const sbx = formSandbox.state.data.payments[sale.transId]!;
    expect(await findPayment(formDeps.db, sale.payment.id)).toMatchObject({
      status: "captured",
      capturedMinor: 10_000,
      recurringToken: sbx.recurringToken,
      cardToken: sbx.cardToken,
    });
    // The gateway got its 200 at the first attempt: no retry.
    const deliveries = await (await fetch(`${formSandbox.url}/__sandbox/callbacks`)).json();
    const mine = (deliveries as Array<{ fields: Record<string, string>; attempts: number; delivered: boolean }>).filter(
      (d) => d.fields.trans_id === sale.transId,
    );
    expect(mine.every((d) => d.delivered && d.attempts === 1)).toBe(true);
  });

  it("3-D Secure completed by the customer reaches the ledger by notification", async () => {
    useJson(false);
    const sale = await dashboardSale(formDeps, { expMonth: EXPIRY.challengeApproved });
    expect(await findPayment(formDeps.db, sale.payment.id)).toMatchObject({ status: "awaiting_3ds" });
    await sandboxControl(formSandbox.url).answerChallenge(sale.transId, "1234");
    await processed(sale.transId);
    expect(await findPayment(formDeps.db, sale.payment.id)).toMatchObject({ status: "captured", capturedMinor: 10_000 });
  });

  it("a refund made at the gateway arrives by notification; the earlier sale callback does not undo it", async () => {
    useJson(false);
    const sale = await dashboardSale(formDeps, { minor: 8_000 });
    await processed(sale.transId);
    const refund = await formDeps.gateway.partialRefund({
      gwayId: sale.transId,
      orderId: sale.orderId,
      amount: { minor: 3_000, currency: "SAR" },
      payerIp: "203.0.113.7",
    });
    expect(refund.kind).toBe("success");
    const rows = await processed(sale.transId, 2);
    expect(rows.map((r) => r.action).sort()).toEqual(["CREDITVOID", "SALE"]);
    expect(await findPayment(formDeps.db, sale.payment.id)).toMatchObject({
      status: "partially_refunded",
      capturedMinor: 8_000,
      refundedMinor: 3_000,
    });
  });

  it("JSON: a payment made on the merchant's website becomes an external ledger entry from the gateway's answer", async () => {
    useJson(true);
    const sale = await completedSale(jsonDeps.gateway, { minor: 2_500 });
    const [row] = await processed(sale.transId);
    expect(row).toMatchObject({ hashValid: false, processingResult: "created_external", contentType: "application/json" });
    expect(await findPaymentByGatewayId(jsonDeps.db, sale.transId)).toMatchObject({
      kind: "external",
      status: "captured",
      amountMinor: 2_500,
      capturedMinor: 2_500,
      payerEmail: sale.payerEmail,
    });
  });
});

// Rules guarded (real sandbox over HTTP, real database): a sync settles actions whose outcome was unknown from what
// the gateway shows (capture, void, refunds against the gateway's refunded total), settles an outcome-unknown
// sale, only moves forward, writes its audit row in the same transaction, and changes nothing when the gateway
// does not answer. "Sync with gateway" needs TRANSACTIONS_VIEW and never sends tokens to the browser.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../../../sandbox/server";
import { auditLog, paymentActions, type PaymentRow } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { completedSale, sandboxControl } from "../../../tests/support/sandbox-flows.support";
import { AppError } from "../../errors";
import { advancePayment, findPayment, insertPayment, lockPayment } from "../../ledger/payments";
import type { ServiceDeps } from "../deps";
import { paymentOnSandbox } from "../../../tests/support/ledger.support";
import { startTestSandbox, testDeps, testPrincipal } from "../../../tests/support/services.support";
import { GATEWAY_UNAVAILABLE_MESSAGE } from "./gateway-view";
import { syncPaymentForUser } from "./sync-for-user";
import { syncPayment } from "./sync-payment";
import { insertAction } from "../../../tests/support/sync.support";

const actionState = async (db: ServiceDeps["db"], id: string) =>
  (await db.select().from(paymentActions).where(eq(paymentActions.id, id)))[0]!.state;

describe.each(testDatabaseTargets())("syncPayment ($name)", (target) => {
  let database: TestDatabase;
  let sandbox: RunningSandbox;
  let deps: ServiceDeps;

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox();
    deps = testDeps(database, sandbox.url);
  });
  afterEach(async () => {
    await sandboxControl(sandbox.url).clearFaults();
  });
  afterAll(async () => {
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  const hashInputs = (p: PaymentRow) => ({ payerEmail: p.payerEmail!, card: { bin6: p.cardBin6!, last4: p.cardLast4! } });
  const sar = (minor: number) => ({ minor, currency: "SAR" as const });

  it("settles an unknown capture that reached the gateway: succeeded, with the (partial) captured amount, and audited", async () => {
    const p = await paymentOnSandbox(deps.db, deps.gateway, { minor: 10_000, auth: true });
    expect((await deps.gateway.capture({ transId: p.gatewayId!, amount: sar(6_000), ...hashInputs(p) })).kind).toBe("success");
    const a = await insertAction(deps.db, p, { type: "capture", state: "unknown", amountMinor: 6_000 });
    const r = await syncPayment(deps, p.id);
    expect(r).toMatchObject({ outcome: "synced", changed: true, settled: [{ id: a.id, state: "succeeded" }] });
    expect(await actionState(deps.db, a.id)).toBe("succeeded");
    expect(await findPayment(deps.db, p.id)).toMatchObject({
      status: "captured",
      capturedMinor: 6_000,
      authorizedMinor: 10_000,
      gatewayStatus: "settled",
    });
    const audit = await deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, p.id), eq(auditLog.action, "payment.sync")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.summary).toMatchObject({ from: "authorized", to: "captured" });
  });

  it("marks an unknown capture that never reached the gateway failed; the payment stays authorized", async () => {
    const p = await paymentOnSandbox(deps.db, deps.gateway, { minor: 10_000, auth: true });
    const a = await insertAction(deps.db, p, { type: "capture", state: "unknown", amountMinor: 10_000 });
    const r = await syncPayment(deps, p.id);
    expect(r.settled).toMatchObject([{ state: "failed" }]);
    expect(await actionState(deps.db, a.id)).toBe("failed");
    expect(await findPayment(deps.db, p.id)).toMatchObject({ status: "authorized", capturedMinor: 0 });
  });

  it("settles unknown voids: succeeded when the gateway voided, failed when it did not", async () => {
    const voided = await paymentOnSandbox(deps.db, deps.gateway, { minor: 5_000, auth: true });
    expect((await deps.gateway.voidAuthorization({ transId: voided.gatewayId!, ...hashInputs(voided) })).kind).toBe("success");
    const v1 = await insertAction(deps.db, voided, { type: "void", state: "unknown", amountMinor: 5_000 });
    await syncPayment(deps, voided.id);
    expect(await actionState(deps.db, v1.id)).toBe("succeeded");
    expect(await findPayment(deps.db, voided.id)).toMatchObject({ status: "voided" });

    const kept = await paymentOnSandbox(deps.db, deps.gateway, { minor: 5_000, auth: true });
    const v2 = await insertAction(deps.db, kept, { type: "void", state: "unknown", amountMinor: 5_000 });
    await syncPayment(deps, kept.id);
    expect(await actionState(deps.db, v2.id)).toBe("failed");
    expect(await findPayment(deps.db, kept.id)).toMatchObject({ status: "authorized" });
  });

  it("settles unknown refunds against the gateway's refunded total, oldest first, and updates the refunded amount", async () => {
    const p = await paymentOnSandbox(deps.db, deps.gateway, { minor: 10_000, auth: false });
    const refund = (minor: number) =>
      deps.gateway.partialRefund({ gwayId: p.gatewayId!, orderId: p.orderId, amount: sar(minor), payerIp: "203.0.113.7" });
    expect((await refund(2_000)).kind).toBe("success"); // accepted, recorded in the ledger
    expect((await refund(3_000)).kind).toBe("success"); // happened, but its answer was lost
    await insertAction(deps.db, p, { type: "refund", state: "succeeded", amountMinor: 2_000, method: "partial" });
    const withFirst = await deps.db.transaction(async (tx) =>
      advancePayment(tx, (await lockPayment(tx, p.id))!, { status: "partially_refunded", refundedMinor: 2_000 }, new Date()),
    );
    const lost = await insertAction(deps.db, withFirst, { type: "refund", state: "unknown", amountMinor: 3_000, method: "partial" });
    const neverSent = await insertAction(deps.db, withFirst, { type: "refund", state: "unknown", amountMinor: 1_000, method: "partial" });
    const r = await syncPayment(deps, p.id);
    expect(r.settled.map((s) => [s.id, s.state])).toEqual([
      [lost.id, "succeeded"],
      [neverSent.id, "failed"],
    ]);
    expect(await findPayment(deps.db, p.id)).toMatchObject({ status: "partially_refunded", capturedMinor: 10_000, refundedMinor: 5_000 });
  });

  it("settles an outcome-unknown sale by the status query (amounts parsed exactly from the gateway's decimals)", async () => {
    const sale = await completedSale(deps.gateway, { minor: 12_345 });
    const p = await insertPayment(deps.db, {
      orderId: sale.orderId,
      gatewayId: sale.transId,
      kind: "sale",
      status: "unknown",
      currency: "SAR",
      amountMinor: 12_345,
      payerEmail: sale.payerEmail,
    });
    const r = await syncPayment(deps, p.id);
    expect(r).toMatchObject({ outcome: "synced", changed: true });
    expect(await findPayment(deps.db, p.id)).toMatchObject({
      status: "captured",
      authorizedMinor: 12_345,
      capturedMinor: 12_345,
      cardLast4: "1111",
    });
  });

  it("a backwards report changes neither state nor amounts", async () => {
    const p = await paymentOnSandbox(deps.db, deps.gateway, { minor: 7_000, auth: true });
    // The ledger is ahead of the gateway's answer (e.g. a stale replica at the gateway).
    await deps.db.transaction(async (tx) =>
      advancePayment(tx, (await lockPayment(tx, p.id))!, { status: "captured", capturedMinor: 7_000 }, new Date()),
    );
    const r = await syncPayment(deps, p.id);
    expect(r).toMatchObject({ outcome: "synced", ignoredBackward: "authorized" });
    expect(await findPayment(deps.db, p.id)).toMatchObject({ status: "captured", capturedMinor: 7_000 });
  });

  it("when the gateway does not answer nothing changes, and the result says so", async () => {
    const p = await paymentOnSandbox(deps.db, deps.gateway, { minor: 10_000, auth: true });
    await deps.gateway.capture({ transId: p.gatewayId!, amount: sar(10_000), ...hashInputs(p) });
    const a = await insertAction(deps.db, p, { type: "capture", state: "unknown", amountMinor: 10_000 });
    await sandboxControl(sandbox.url).addFault({ operation: "status", fault: "http_503", times: 10 });
    const before = await findPayment(deps.db, p.id);
    const r = await syncPayment(deps, p.id);
    expect(r).toMatchObject({ outcome: "unavailable", changed: false, message: GATEWAY_UNAVAILABLE_MESSAGE });
    expect(await findPayment(deps.db, p.id)).toEqual(before);
    expect(await actionState(deps.db, a.id)).toBe("unknown");
  });

  it("never creates a ledger entry unless asked to (an unknown payment is not found)", async () => {
    const sale = await completedSale(deps.gateway, { minor: 1_000 });
    expect(await syncPayment(deps, { gatewayId: sale.transId, orderId: sale.orderId })).toMatchObject({
      outcome: "not_found",
      payment: null,
    });
  });

  it("Sync with gateway: needs TRANSACTIONS_VIEW, answers without tokens, and maps failures to messages", async () => {
    const p = await paymentOnSandbox(deps.db, deps.gateway, { minor: 3_000, auth: false });
    await deps.db.transaction(async (tx) =>
      advancePayment(tx, (await lockPayment(tx, p.id))!, { recurringToken: "secret-recurring-token" }, new Date()),
    );
    const viewer = await testPrincipal(deps.db, "Viewer", ["TRANSACTIONS_VIEW"]);
    const outsider = await testPrincipal(deps.db, "Outsider", ["AUDIT_VIEW"]);
    await expect(syncPaymentForUser({ deps, principal: outsider, ip: null }, { paymentId: p.id })).rejects.toMatchObject({
      code: "forbidden",
    });
    const view = await syncPaymentForUser({ deps, principal: viewer, ip: "203.0.113.9" }, { paymentId: p.id });
    expect(view).toMatchObject({ outcome: "synced", payment: { id: p.id, status: "captured", capturedMinor: 3_000 } });
    expect(JSON.stringify(view)).not.toContain("secret-recurring-token");
    await expect(syncPaymentForUser({ deps, principal: viewer, ip: null }, { paymentId: randomUUID() })).rejects.toMatchObject({
      code: "not_found",
    });
    await sandboxControl(sandbox.url).addFault({ operation: "status", fault: "reset", times: 10 });
    const down = await syncPaymentForUser({ deps, principal: viewer, ip: null }, { paymentId: p.id }).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(AppError);
    expect(down).toMatchObject({ code: "gateway_unavailable", userMessage: GATEWAY_UNAVAILABLE_MESSAGE });
    // The problem travels as a catalog key, so the API answers each reader in their language (#15).
    expect((down as AppError).messageKey).toBe("sync.gatewayUnavailable");
    await sandboxControl(sandbox.url).clearFaults();
    const inArabic = await syncPaymentForUser(
      { deps, principal: viewer, ip: null, readerPrefs: async () => ({ language: "ar", digits: "latn" }) },
      { paymentId: p.id },
    );
    expect(inArabic.message).toBe("السجل متوافق مع البوابة أصلًا.");
    const inEnglish = await syncPaymentForUser({ deps, principal: viewer, ip: null }, { paymentId: p.id });
    expect(inEnglish.message).toBe("The ledger already agrees with the gateway.");
  });
});

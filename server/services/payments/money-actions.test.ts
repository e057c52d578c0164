// Integration tests of the money rules against the real sandbox over HTTP and real databases (PGlite always,
// Postgres with TEST_POSTGRES_URL). Rules guarded: never refund more than was captured, even with 50 concurrent
// requests and with two app instances on one database; capture at most the authorized amount, once; void only
// an uncaptured authorization; an idempotency key replays the first result without a second gateway call (422
// for a different body, 409 while in flight); refunds above the threshold need a second person; a gateway fault
// leaves a consistent ledger, a clear message, and no second send.
import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { verifyAuditChain } from "../../audit/audit-log";
import { DEFAULT_REFUND_APPROVAL_THRESHOLD } from "../../config";
import { gatewayCalls, paymentActions, payments } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { sandboxControl } from "../../../tests/support/sandbox-flows.support";
import { AppError } from "../../errors";
import { findPayment } from "../../ledger/payments";
import type { ServiceDeps, ServiceContext } from "../deps";
import type { Principal } from "../../auth/principal";
import { approveRefund, rejectRefund } from "../refunds/approve-refund";
import { reconcileOnce } from "../sync/reconcile";
import { requestRefund } from "../refunds/request-refund";
import { codeOf, startTestSandbox, testDeps, testPrincipal } from "../../../tests/support/services.support";
import { capturePayment } from "./capture-payment";
import { paymentOnSandbox } from "../../../tests/support/ledger.support";
import { voidPayment } from "./void-payment";
import { FAULT_TIMEOUT_MS, slowAnswerFor } from "../../../tests/faults/fault-harness.support";

const key = () => `k_${randomUUID().replace(/-/g, "")}`;
const refund = (amount: string, extra: Partial<{ reasonCode: string; note: string; idempotencyKey: string }> = {}) => ({
  amount,
  reasonCode: "customer_request",
  note: "",
  idempotencyKey: key(),
  ...extra,
});

describe.each(testDatabaseTargets())("money actions on $name", (target) => {
  let database: TestDatabase;
  let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
  let deps: ServiceDeps;
  /** The same app with the fault suites' short client timeout: a slow answer is given up on within ~1.3 s, not ~2.5 s. */
  let faultDeps: ServiceDeps;
  /** The context of a service call made by `principal` with these deps. */
  const as = (principal: Principal, ip: string | null = null, using: ServiceDeps = deps): ServiceContext => ({
    deps: using,
    principal,
    ip,
  });
  let clerk: Awaited<ReturnType<typeof testPrincipal>>;
  let approver: Awaited<ReturnType<typeof testPrincipal>>;

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox();
    // The default client timeout: 50 concurrent refunds on a busy machine must not time out (a timed-out one is
    // "unknown", not succeeded); the fault tests use faultDeps.
    deps = testDeps(database, sandbox.url, { REFUND_APPROVAL_THRESHOLD: DEFAULT_REFUND_APPROVAL_THRESHOLD });
    faultDeps = testDeps(database, sandbox.url, {
      REFUND_APPROVAL_THRESHOLD: DEFAULT_REFUND_APPROVAL_THRESHOLD,
      GATEWAY_TIMEOUT_MS: String(FAULT_TIMEOUT_MS),
    });
    clerk = await testPrincipal(database.db, "Clerk", ["CAPTURES_CREATE", "VOIDS_CREATE", "REFUNDS_CREATE", "TRANSACTIONS_VIEW"]);
    approver = await testPrincipal(database.db, "Approver", ["REFUNDS_APPROVE", "TRANSACTIONS_VIEW"]);
  }, 60_000);
  afterAll(async () => {
    await deps?.gateway.close();
    await faultDeps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  // No invented data: the partial-refund endpoint needs the payer's IPv4 address (4.5); without one in the ledger the
  // partial amount goes by CREDITVOID, which takes partial amounts too (4.4), never with a made-up address.
  it("a partial refund of a payment with no payer IPv4 address on record goes by CREDITVOID, for the partial amount", async () => {
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 10_000, auth: false });
    await database.db.update(payments).set({ payerIp: "2001:db8::7" }).where(eq(payments.id, p.id));
    const r = await requestRefund(as(clerk), { paymentId: p.id, ...refund("30.00") });
    expect(r.action).toMatchObject({ state: "succeeded", method: "partial" });
    expect(r.payment).toMatchObject({ status: "partially_refunded", refundedMinor: 3_000 });
    expect(sandbox.state.payment(p.gatewayId!)!.refundedMinor).toBe(3_000);
    const calls = await database.db
      .select({ operation: gatewayCalls.operation })
      .from(gatewayCalls)
      .where(eq(gatewayCalls.transactionId, p.gatewayId!));
    expect(calls.map((c) => c.operation)).toContain("creditvoid");
    expect(calls.map((c) => c.operation)).not.toContain("partial_refund");
  });

  // The gateway takes a repeated partial refund (same payment and amount: an identical request) for a retry and
  // answers "Refund is already initiated."; two refunds of the same amount are two refunds, so the second goes by
  // CREDITVOID.
  it("two partial refunds of the same amount both refund: the second by CREDITVOID", { tags: ["gateway-profile"] }, async () => {
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 10_000, auth: false });
    for (let i = 0; i < 2; i++)
      expect((await requestRefund(as(clerk), { paymentId: p.id, ...refund("10.00") })).action.state).toBe("succeeded");
    expect(await findPayment(database.db, p.id)).toMatchObject({ refundedMinor: 2_000, status: "partially_refunded" });
    expect(sandbox.state.payment(p.gatewayId!)!.refunds.map((r) => r.via)).toEqual(["partial_refund", "creditvoid"]);
  });

  it("50 concurrent partial refunds never refund more than was captured", async () => {
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 10_000, auth: false });
    // 50 requests of 7.00 against 100.00 captured: at most 14 can succeed.
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => requestRefund(as(clerk), { paymentId: p.id, ...refund("7.00") })),
    );
    const ok = results.filter((r) => r.status === "fulfilled" && r.value.action.state === "succeeded").length;
    const refused = results.filter(
      (r) => r.status === "rejected" && r.reason instanceof AppError && r.reason.code === "unprocessable",
    ).length;
    expect(ok).toBe(14);
    expect(refused).toBe(36);
    const after = await findPayment(database.db, p.id);
    expect(after).toMatchObject({ refundedMinor: 9_800, status: "partially_refunded" });
    const details = await deps.gateway.transactionDetails({ transactionId: p.gatewayId! });
    expect(details.kind === "success" && details.data.transactionDetails.totalRefundAmount).toBe("98.00");
  });

  it(
    "refunds the whole amount with CREDITVOID, then refuses any further refund with the balance shown",
    { tags: ["gateway-profile"] },
    async () => {
      const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 5_000, auth: false });
      const r = await requestRefund(as(clerk), { paymentId: p.id, ...refund("50.00") });
      expect(r.action).toMatchObject({ state: "succeeded", method: "full" });
      expect(r.payment).toMatchObject({ status: "refunded", refundedMinor: 5_000 });
      await expect(requestRefund(as(clerk), { paymentId: p.id, ...refund("0.01") })).rejects.toThrow(
        /Only a captured payment can be refunded/,
      );
    },
  );

  it("two partial refunds until the balance is zero; the third is refused naming the balance", { tags: ["gateway-profile"] }, async () => {
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 3_000, auth: false });
    expect((await requestRefund(as(clerk), { paymentId: p.id, ...refund("10.00") })).action.method).toBe("partial");
    const second = await requestRefund(as(clerk), { paymentId: p.id, ...refund("20.00") });
    expect(second.payment).toMatchObject({ status: "refunded", refundedMinor: 3_000 });
    const third = requestRefund(as(clerk), { paymentId: p.id, ...refund("5.00") });
    await expect(third).rejects.toThrow(/Only a captured payment|Nothing is left/);
  });

  it("threat: another person's idempotency key replays nothing of theirs: refused, the first action untouched", async () => {
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 10_000, auth: false });
    const other = await testPrincipal(database.db, "Other clerk", ["REFUNDS_CREATE", "TRANSACTIONS_VIEW"]);
    const first = refund("10.00");
    await requestRefund(as(clerk), { paymentId: p.id, ...first });
    // The very same request under the same key, by someone else: no replay of the first person's result.
    expect(await codeOf(requestRefund(as(other), { paymentId: p.id, ...first }))).toBe("unprocessable");
    expect(await findPayment(database.db, p.id)).toMatchObject({ refundedMinor: 1_000 });
  });

  it("replays the first result for the same idempotency key without calling the gateway again", async () => {
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 4_000, auth: false });
    const body = refund("12.50");
    const first = await requestRefund(as(clerk), { paymentId: p.id, ...body });
    const callsBefore = await database.db.select({ n: count() }).from(gatewayCalls).where(eq(gatewayCalls.operation, "partial_refund"));
    const again = await requestRefund(as(clerk), { paymentId: p.id, ...body });
    const callsAfter = await database.db.select({ n: count() }).from(gatewayCalls).where(eq(gatewayCalls.operation, "partial_refund"));
    expect(again.replayed).toBe(true);
    expect(again.action.id).toBe(first.action.id);
    expect(callsAfter[0]!.n).toBe(callsBefore[0]!.n);
    expect((await findPayment(database.db, p.id))!.refundedMinor).toBe(1_250);
    expect(await codeOf(requestRefund(as(clerk), { paymentId: p.id, ...body, amount: "13.00" }))).toBe("unprocessable");
  });

  it("answers 409 for a replay while the first request is still in flight", async () => {
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 4_000, auth: false });
    const control = sandboxControl(sandbox.url);
    // The gateway holds the first one's answer until the replay has been answered (no window of fixed length).
    await control.addFault({ operation: "partial_refund", fault: "latency", latencyMs: 60_000, untilReleased: true, times: 1 });
    const body = refund("1.00");
    const first = requestRefund(as(clerk), { paymentId: p.id, ...body });
    try {
      await vi.waitFor(async () => expect(await control.heldCount()).toBe(1), { timeout: 20_000, interval: 20 });
      const [row] = await database.db.select().from(paymentActions).where(eq(paymentActions.idempotencyKey, body.idempotencyKey));
      expect(row?.state).toBe("in_flight");
      expect(await codeOf(requestRefund(as(clerk), { paymentId: p.id, ...body }))).toBe("in_flight");
    } finally {
      await control.releaseHeld();
    }
    expect((await first).action.state).toBe("succeeded");
  });

  it(
    "captures at most the authorized amount, once; a partial capture makes only that much refundable",
    { tags: ["gateway-profile"] },
    async () => {
      const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 8_000, auth: true });
      expect(await codeOf(capturePayment(as(clerk), { paymentId: p.id, amount: "80.01", idempotencyKey: key() }))).toBe("unprocessable");
      const c = await capturePayment(as(clerk), { paymentId: p.id, amount: "60.00", idempotencyKey: key() });
      expect(c.payment).toMatchObject({ status: "captured", capturedMinor: 6_000, authorizedMinor: 8_000 });
      // The capture answer's RRN is kept on the payment: staff search by it, settlement files match on it.
      expect(c.payment.rrn).toMatch(/^\d{12}$/);
      expect(await codeOf(capturePayment(as(clerk), { paymentId: p.id, amount: "10.00", idempotencyKey: key() }))).toBe("conflict");
      expect(await codeOf(requestRefund(as(clerk), { paymentId: p.id, ...refund("60.01") }))).toBe("unprocessable");
      expect(await codeOf(voidPayment(as(clerk), { paymentId: p.id, idempotencyKey: key() }))).toBe("conflict");
    },
  );

  it("records a capture the issuer declines, and leaves the payment authorized", { tags: ["gateway-profile"] }, async () => {
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 2_000, auth: true, expMonth: "03" });
    const c = await capturePayment(as(clerk), { paymentId: p.id, amount: "20.00", idempotencyKey: key() });
    expect(c.action).toMatchObject({ state: "declined", outcomeMessage: "Capture declined by issuer" });
    expect(c.payment.status).toBe("authorized");
  });

  it("voids an authorization; a voided payment can be neither captured nor refunded", { tags: ["gateway-profile"] }, async () => {
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 2_500, auth: true });
    const v = await voidPayment(as(clerk), { paymentId: p.id, idempotencyKey: key() });
    expect(v.payment.status).toBe("voided");
    expect(await codeOf(capturePayment(as(clerk), { paymentId: p.id, amount: "1.00", idempotencyKey: key() }))).toBe("conflict");
    expect(await codeOf(requestRefund(as(clerk), { paymentId: p.id, ...refund("1.00") }))).toBe("conflict");
  });

  it(
    "holds a refund above the threshold for a second person; the requester cannot approve it; approval sends it",
    { tags: ["gateway-profile"] },
    async () => {
      const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 300_000, auth: false });
      const held = await requestRefund(as(clerk), { paymentId: p.id, ...refund("1500.00") });
      expect(held.action.state).toBe("pending_approval");
      // The held amount is reserved: only 1500.00 is left to refund meanwhile.
      expect(await codeOf(requestRefund(as(clerk), { paymentId: p.id, ...refund("1500.01") }))).toBe("unprocessable");
      const clerkAsApprover = { ...clerk, permissions: new Set([...clerk.permissions, "REFUNDS_APPROVE" as const]) };
      expect(await codeOf(approveRefund(as(clerkAsApprover), { actionId: held.action.id, note: "" }))).toBe("forbidden");
      const done = await approveRefund(as(approver), { actionId: held.action.id, note: "checked with the customer" });
      expect(done.action).toMatchObject({ state: "succeeded", approvedBy: approver.userId });
      expect(done.payment.refundedMinor).toBe(150_000);
      expect(await codeOf(approveRefund(as(approver), { actionId: held.action.id, note: "" }))).toBe("conflict");
    },
  );

  it("a rejected refund releases the reserved amount", async () => {
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 200_000, auth: false });
    const held = await requestRefund(as(clerk), { paymentId: p.id, ...refund("1200.00") });
    await rejectRefund(as(approver), { actionId: held.action.id, note: "duplicate request" });
    const r = await requestRefund(as(clerk), { paymentId: p.id, ...refund("900.00") });
    expect(r.action.state).toBe("succeeded");
  });

  for (const fault of ["latency", "http_500", "reset", "malformed"] as const) {
    it(`a ${fault} fault on a refund leaves an unknown outcome, the amount reserved, and exactly one send`, async () => {
      const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 6_000, auth: false });
      const control = sandboxControl(sandbox.url);
      // "after": the sandbox performs the refund, then the answer is lost — the worst case for double refunds.
      await control.addFault({ operation: "partial_refund", fault, ...slowAnswerFor(fault), times: 1, phase: "after" });
      const r = await requestRefund(as(clerk, null, faultDeps), { paymentId: p.id, ...refund("10.00") });
      await control.clearFaults();
      expect(r.action.state).toBe("unknown");
      expect(r.action.outcomeMessage).toMatch(/did not answer|confirmed with the gateway/);
      expect(r.payment.refundedMinor).toBe(0);
      // The unknown 10.00 still counts against the balance: 50.00 is the most that can be asked now.
      expect(await codeOf(requestRefund(as(clerk), { paymentId: p.id, ...refund("50.01") }))).toBe("unprocessable");
      const sends = await database.db
        .select({ n: count() })
        .from(gatewayCalls)
        .where(sql`${gatewayCalls.operation} = 'partial_refund' and ${gatewayCalls.transactionId} = ${p.gatewayId}`);
      expect(sends[0]!.n).toBe(1);
      // The reconciler asks the gateway and settles it: the refund did happen, so it is recorded once. The slow
      // answer's sandbox does the refund as the client gives up: the pass comes once it has. (That an outcome stays
      // unknown, never "failed", while the gateway could still act is the fault suites' "before" cases.)
      if (fault === "latency")
        await vi.waitFor(() => expect(sandbox.state.payment(p.gatewayId!)?.refundedMinor).toBe(1_000), { timeout: 10_000, interval: 20 });
      await reconcileOnce(faultDeps, { retryAfterMs: 0 });
      const [action] = await database.db.select().from(paymentActions).where(eq(paymentActions.id, r.action.id));
      expect(action!.state).toBe("succeeded");
      expect(await findPayment(database.db, p.id)).toMatchObject({ refundedMinor: 1_000, status: "partially_refunded" });
    });
  }

  it("a refund lost before the gateway acted is settled as failed, and its reserved amount is released", async () => {
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 2_000, auth: false });
    const control = sandboxControl(sandbox.url);
    await control.addFault({ operation: "partial_refund", fault: "reset", times: 1, phase: "before" });
    const r = await requestRefund(as(clerk), { paymentId: p.id, ...refund("5.00") });
    expect(r.action.state).toBe("unknown");
    // Within the grace period the gateway could still act on the lost request: the refund stays unknown.
    await reconcileOnce(deps, { retryAfterMs: 0 });
    const [early] = await database.db.select().from(paymentActions).where(eq(paymentActions.id, r.action.id));
    expect(early!.state).toBe("unknown");
    // Past it, a refund the gateway does not show did not happen.
    await reconcileOnce({ ...deps, now: () => new Date(Date.now() + 10 * 60_000) }, { retryAfterMs: 0 });
    const [action] = await database.db.select().from(paymentActions).where(eq(paymentActions.id, r.action.id));
    expect(action!.state).toBe("failed");
    expect((await requestRefund(as(clerk), { paymentId: p.id, ...refund("20.00") })).action.state).toBe("succeeded");
  });

  it("a gateway that cannot be reached at all fails the action cleanly (nothing was sent) and releases the amount", async () => {
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 1_000, auth: false });
    const offline = testDeps(database, "http://127.0.0.1:9", {});
    const r = await requestRefund({ deps: offline, principal: clerk, ip: null }, { paymentId: p.id, ...refund("5.00") });
    await offline.gateway.close();
    expect(r.action).toMatchObject({ state: "failed", outcomeMessage: expect.stringMatching(/could not be reached; nothing was sent/) });
    expect((await requestRefund(as(clerk), { paymentId: p.id, ...refund("10.00") })).action.state).toBe("succeeded");
  });

  it("keeps the ledger's amounts and the audit chain consistent after all of the above", { tags: ["gateway-profile"] }, async () => {
    const rows = await database.db.select().from(payments);
    for (const p of rows) {
      expect(p.refundedMinor).toBeLessThanOrEqual(p.capturedMinor);
      expect(p.capturedMinor).toBeLessThanOrEqual(p.authorizedMinor);
      const accepted = await database.db
        .select({ s: sql<number>`coalesce(sum(amount_minor), 0)::bigint` })
        .from(paymentActions)
        .where(sql`${paymentActions.paymentId} = ${p.id} and type = 'refund' and state = 'succeeded'`);
      expect(Number(accepted[0]!.s)).toBe(p.refundedMinor);
    }
    expect((await verifyAuditChain(database.db)).ok).toBe(true);
  });

  it(
    "an action stranded in flight by a process that died becomes unknown after the longest possible wait, so the reconciler asks the gateway; it is never resent",
    { tags: ["gateway-profile"] },
    async () => {
      // On the file's database: every other test has settled its actions by now, so this is the one in flight.
      const { expireStrandedActions } = await import("./money-action");
      const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 1_000, auth: false });
      const [a] = await database.db
        .insert(paymentActions)
        .values({
          paymentId: p.id,
          type: "refund",
          method: "partial",
          state: "in_flight",
          amountMinor: 100,
          currency: "SAR",
          idempotencyKey: key(),
          requestHash: "x",
          requestedBy: clerk.userId,
        })
        .returning();
      expect(await expireStrandedActions(deps)).toBe(0); // fresh: still genuinely in flight
      const later = { ...deps, now: () => new Date(Date.now() + 10 * 60_000) };
      expect(await expireStrandedActions(later)).toBe(1);
      const [row] = await database.db.select().from(paymentActions).where(eq(paymentActions.id, a!.id));
      expect(row!.state).toBe("unknown");
    },
  );
});

describe.runIf(process.env.TEST_POSTGRES_URL)("two app instances on one Postgres", () => {
  it("hold the refund rule together: concurrent refunds from both never exceed the captured amount", async () => {
    const target = testDatabaseTargets().find((t) => t.name === "postgres")!;
    const database = await target.open();
    const sandbox = await startTestSandbox();
    // A second instance: its own connection pool and its own gateway client, on the same database.
    const { openDatabase } = await import("../../db/client");
    const second = await openDatabase({ url: database.url, dataDir: null });
    const a = testDeps(database, sandbox.url);
    const b = testDeps({ ...database, db: second.db }, sandbox.url);
    try {
      const clerk = await testPrincipal(database.db, "Clerk", ["REFUNDS_CREATE"]);
      const p = await paymentOnSandbox(database.db, a.gateway, { minor: 10_000, auth: false });
      const results = await Promise.allSettled(
        Array.from({ length: 40 }, (_, i) =>
          requestRefund({ deps: i % 2 ? a : b, principal: clerk, ip: null }, { paymentId: p.id, ...refund("9.00") }),
        ),
      );
      const ok = results.filter((r) => r.status === "fulfilled" && r.value.action.state === "succeeded").length;
      expect(ok).toBe(11);
      expect((await findPayment(database.db, p.id))!.refundedMinor).toBe(9_900);
    } finally {
      await a.gateway.close();
      await b.gateway.close();
      await second.close();
      await sandbox.close();
      await database.dispose();
    }
  });
});

// Fault matrix of issue #7 for the money actions on an existing payment (capture, void, full refund = CREDITVOID,
// partial refund), against the real sandbox over HTTP and real databases (PGlite; Postgres with TEST_POSTGRES_URL).
// For every fault (slow answer past the timeout, HTTP 500/503, dropped connection, malformed JSON, JSON of a wrong
// shape), before or after the gateway acted, each operation must: answer the user with a clear message (202,
// "will be confirmed"), leave the ledger consistent with the amount reserved, send the money call exactly once
// (also when the user repeats the request with the same idempotency key, and refuse a new one that would double
// it; a refund above the approval threshold is sent by the approver's approval, through the same engine), and, once the fault is gone, be settled by the reconciler to what the gateway really did: "after" (the
// gateway acted, the answer was lost) → succeeded; "before" → failed once the grace period is over.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/auth/principal";
import { paymentActions, type PaymentRow } from "../../server/db/schema";
import { testDatabaseTargets, type TestDatabase } from "../support/db.support";
import { sandboxControl } from "../support/sandbox-flows.support";
import { findPayment } from "../../server/ledger/payments";
import type { ServiceDeps } from "../../server/services/deps";
import { actionStatus, actionView } from "../../server/services/payments/action-view";
import { capturePayment } from "../../server/services/payments/capture-payment";
import type { MoneyActionResult } from "../../server/services/payments/money-action";
import { paymentOnSandbox } from "../support/ledger.support";
import { voidPayment } from "../../server/services/payments/void-payment";
import { approveRefund } from "../../server/services/refunds/approve-refund";
import { requestRefund } from "../../server/services/refunds/request-refund";
import { reconcileOnce } from "../../server/services/sync/reconcile";
import { codeOf, testDeps, testPrincipal } from "../support/services.support";
import {
  expectHumanMessage,
  expectLedgerConsistent,
  FAULT_CASES,
  FAULT_TIMEOUT_MS,
  ledgerWordOf,
  PAST_GRACE_MS,
  slowAnswerFor,
  SLOW_ANSWER,
  startRecordingSandbox,
  type RecordingSandbox,
} from "./fault-harness.support";

const key = () => `k_${randomUUID().replace(/-/g, "")}`;
const AMOUNT = 5_000; // 50.00 SAR on every payment of this suite

interface MoneyOp {
  name: string;
  /** The sandbox's operation name (what the fault rule and the call count use). */
  operation: string;
  /** The payment the operation starts from. */
  auth: boolean;
  run(deps: ServiceDeps, who: Principal, p: PaymentRow, idempotencyKey: string): Promise<MoneyActionResult>;
  /** What the ledger holds once the gateway's real outcome is known. */
  done: Partial<PaymentRow>;
  untouched: Partial<PaymentRow>;
  /** A second attempt with a NEW key, while the first is unknown, must be refused without a call (when it would double it). */
  retryCode: string | null;
}

const refundInput = (amount: string, idempotencyKey: string) => ({ amount, reasonCode: "customer_request", note: "", idempotencyKey });

const OPS: MoneyOp[] = [
  {
    name: "capture (partial)",
    operation: "capture",
    auth: true,
    run: (deps, who, p, k) => capturePayment({ deps, principal: who, ip: null }, { paymentId: p.id, amount: "30.00", idempotencyKey: k }),
    done: { status: "captured", capturedMinor: 3_000, authorizedMinor: AMOUNT },
    untouched: { status: "authorized", capturedMinor: 0 },
    retryCode: "conflict",
  },
  {
    name: "void",
    operation: "void",
    auth: true,
    run: (deps, who, p, k) => voidPayment({ deps, principal: who, ip: null }, { paymentId: p.id, idempotencyKey: k }),
    done: { status: "voided", capturedMinor: 0 },
    untouched: { status: "authorized", capturedMinor: 0 },
    retryCode: "conflict",
  },
  {
    name: "full refund (CREDITVOID)",
    operation: "creditvoid",
    auth: false,
    run: (deps, who, p, k) => requestRefund({ deps, principal: who, ip: null }, { paymentId: p.id, ...refundInput("50.00", k) }),
    done: { status: "refunded", refundedMinor: AMOUNT },
    untouched: { status: "captured", refundedMinor: 0 },
    retryCode: "unprocessable",
  },
  {
    name: "partial refund",
    operation: "partial_refund",
    auth: false,
    run: (deps, who, p, k) => requestRefund({ deps, principal: who, ip: null }, { paymentId: p.id, ...refundInput("20.00", k) }),
    done: { status: "partially_refunded", refundedMinor: 2_000 },
    untouched: { status: "captured", refundedMinor: 0 },
    // 30.00 is still refundable: a new request of 20.00 is a new refund the user asked for, not a repeat.
    retryCode: null,
  },
  {
    name: "partial refund sent after a second person's approval",
    operation: "partial_refund",
    auth: false,
    async run(deps, who, p, k) {
      // 10.00 SAR approval threshold: this 20.00 refund waits for the approver, whose approval sends it.
      const strict = { ...deps, config: { ...deps.config, refunds: { ...deps.config.refunds, approvalThresholdMinor: { SAR: 1_000 } } } };
      const held = await requestRefund({ deps: strict, principal: who, ip: null }, { paymentId: p.id, ...refundInput("20.00", k) });
      if (held.replayed) return held;
      expect(held.action.state).toBe("pending_approval");
      return approveRefund({ deps: strict, principal: approver, ip: null }, { actionId: held.action.id, note: "checked" });
    },
    done: { status: "partially_refunded", refundedMinor: 2_000 },
    untouched: { status: "captured", refundedMinor: 0 },
    retryCode: null,
  },
];

let approver: Principal;

describe.each(testDatabaseTargets())("money actions under gateway faults ($name)", (target) => {
  let database: TestDatabase;
  let sandbox: RecordingSandbox;
  let deps: ServiceDeps;
  let clerk: Principal;

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startRecordingSandbox();
    deps = testDeps(database, sandbox.url, { GATEWAY_TIMEOUT_MS: String(FAULT_TIMEOUT_MS) });
    clerk = await testPrincipal(database.db, "Clerk", ["CAPTURES_CREATE", "VOIDS_CREATE", "REFUNDS_CREATE", "TRANSACTIONS_VIEW"]);
    approver = await testPrincipal(database.db, "Approver", ["REFUNDS_APPROVE", "TRANSACTIONS_VIEW"]);
  }, 60_000);
  afterEach(async () => {
    await sandboxControl(sandbox.url).clearFaults();
  });
  afterAll(async () => {
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  const actionRow = async (id: string) => (await database.db.select().from(paymentActions).where(eq(paymentActions.id, id)))[0]!;

  describe.each(OPS)("$name", (op) => {
    it.each(FAULT_CASES)("$name", async (fc) => {
      const p = await paymentOnSandbox(database.db, deps.gateway, { minor: AMOUNT, auth: op.auth });
      const before = sandbox.received(op.operation);
      await sandboxControl(sandbox.url).addFault({
        operation: op.operation,
        fault: fc.fault,
        phase: fc.phase,
        ...slowAnswerFor(fc.fault),
        ...fc.words,
        times: 1,
      });

      // 1. The user's answer: accepted for confirmation (202), said in words, nothing internal.
      const idempotencyKey = key();
      const started = Date.now();
      const r = await op.run(deps, clerk, p, idempotencyKey);
      expect(Date.now() - started, "no hang past the client timeout").toBeLessThan(SLOW_ANSWER.latencyMs);
      expect(r.action.state).toBe("unknown");
      const view = actionView(r);
      expect(actionStatus(r)).toBe(202);
      expect(view.message).toMatch(/will be confirmed with the gateway; nothing will be sent again/);
      expectHumanMessage(view.message, [deps.config.gateway.apiKey, deps.config.gateway.merchantSecret]);
      // The ledger does not move on an unknown outcome; the amount stays reserved by the open action.
      expect(r.payment).toMatchObject(op.untouched);

      // 2. The user presses again with the same key: the stored answer, no second call. A new key that would
      //    double the action is refused before any call.
      const again = await op.run(deps, clerk, p, idempotencyKey);
      expect(again).toMatchObject({ replayed: true, action: { id: r.action.id, state: "unknown" } });
      if (op.retryCode) expect(await codeOf(op.run(deps, clerk, p, key()))).toBe(op.retryCode);
      await expectLedgerConsistent(database.db, [p.id]);

      // 3. The fault is gone; the reconciler asks the gateway. A slow call is first allowed to finish at the sandbox.
      await sandboxControl(sandbox.url).clearFaults();
      await sandbox.waitForReceived(op.operation, before + 1);
      await reconcileOnce(deps, { retryAfterMs: 0 });
      if (!fc.acted) {
        // Within the grace period the gateway could still act on the request: it stays unknown, never "failed".
        expect((await actionRow(r.action.id)).state).toBe("unknown");
        await reconcileOnce({ ...deps, now: () => new Date(Date.now() + PAST_GRACE_MS) }, { retryAfterMs: 0 });
      }
      const settled = await actionRow(r.action.id);
      expect(settled.state).toBe(fc.acted ? "succeeded" : "failed");
      expectHumanMessage(settled.outcomeMessage);
      const after = (await findPayment(database.db, p.id))!;
      expect(after).toMatchObject(fc.acted ? op.done : op.untouched);

      // 4. The ledger agrees with the gateway's own state, and the money call reached the gateway exactly once.
      const truth = sandbox.state.payment(p.gatewayId!)!;
      expect(after.status).toBe(ledgerWordOf(truth));
      expect(after.capturedMinor).toBe(truth.auth && truth.state === "pending" ? 0 : truth.capturedMinor);
      expect(after.refundedMinor).toBe(truth.refundedMinor);
      expect(sandbox.received(op.operation) - before).toBe(1);
      await expectLedgerConsistent(database.db, [p.id]);
    });
  });

  it("a second fault while reconciling (the status query fails too) changes nothing; the next pass settles", async () => {
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: AMOUNT, auth: true });
    await sandboxControl(sandbox.url).addFault({ operation: "capture", fault: "reset", phase: "after", times: 1 });
    const r = await capturePayment({ deps, principal: clerk, ip: null }, { paymentId: p.id, amount: "50.00", idempotencyKey: key() });
    expect(r.action.state).toBe("unknown");
    await sandboxControl(sandbox.url).addFault({ operation: "status", fault: "malformed" });
    const report = await reconcileOnce(deps, { retryAfterMs: 0 });
    expect(report.payments.find((x) => x.paymentId === p.id)?.outcome).toBe("unavailable");
    expect((await actionRow(r.action.id)).state).toBe("unknown");
    expect(await findPayment(database.db, p.id)).toMatchObject({ status: "authorized", capturedMinor: 0 });
    await sandboxControl(sandbox.url).clearFaults();
    await reconcileOnce(deps, { retryAfterMs: 0 });
    expect((await actionRow(r.action.id)).state).toBe("succeeded");
    expect(await findPayment(database.db, p.id)).toMatchObject({ status: "captured", capturedMinor: AMOUNT });
  });

  it("leaves the whole ledger consistent and the audit chain intact after every fault above", async () => {
    await expectLedgerConsistent(database.db);
  });
});

// Fault matrix of issue #7 for the gateway calls that start a new payment: S2S card sale, token sale on a saved
// card, recurring "charge now" (v2 JSON and form RECURRING_SALE), and payment-link creation (hosted checkout
// session), against the real sandbox over HTTP and real databases (PGlite; Postgres with TEST_POSTGRES_URL).
// For every fault, before or after the gateway acted: a clear message; the payment recorded "unknown" (or, for a
// link, "failed" with a 503), never "failed" while money may have moved; exactly one call, also when the user
// sends the same request again (same order id / idempotency key); and once the gateway's notification for the
// order arrives, the reconciler settles the payment to what the gateway really did.
// A new payment has no gateway id until the gateway answers, and the status query needs one: when the fault hit
// BEFORE the gateway acted, no notification ever comes and the payment stays "unknown" (see the last test).
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/auth/principal";
import { testDatabaseTargets, type TestDatabase } from "../support/db.support";
import { EXPIRY, uniqueId, CONFIRMED_PAYER } from "../support/gateway-fixtures.support";
import { completedSale, sandboxControl } from "../support/sandbox-flows.support";
import { AppError } from "../../server/errors";
import { toErrorResponse } from "../../server/http/errors";
import { findPayment, findPaymentByOrderId, insertPayment } from "../../server/ledger/payments";
import type { ServiceDeps } from "../../server/services/deps";
import { createNotificationQueue } from "../../server/services/notifications/notification-queue";
import { receiveGatewayNotification } from "../../server/services/notifications/receive-notification";
import { notificationDelivery } from "../../server/http/notification-response";
import { notificationRequest, TEST_ENV, testLogger, WEBHOOK_SECRET } from "../support/notifications.support";
import { createPaymentLink } from "../../server/services/payments/links/create-link";
import { createCardPayment } from "../../server/services/payments/new/create-card-payment";
import { chargeRecurring } from "../../server/services/recurring/recurring";
import { chargeSavedCard, listSavedCards } from "../../server/services/saved-cards/saved-cards";
import { reconcileOnce } from "../../server/services/sync/reconcile";
import { codeOf, testDeps, testPrincipal } from "../support/services.support";
import type { NewPaymentInput } from "@/lib/schemas/new-payment";
import {
  expectHumanMessage,
  expectLedgerConsistent,
  FAULT_CASES,
  FAULT_TIMEOUT_MS,
  PAST_GRACE_MS,
  slowAnswerFor,
  SLOW_ANSWER,
  startRecordingSandbox,
  type RecordingSandbox,
} from "./fault-harness.support";

const key = () => `k_${randomUUID().replace(/-/g, "")}`;

interface Ctx {
  deps: ServiceDeps;
  clerk: Principal;
  sandbox: RecordingSandbox;
  db: TestDatabase;
}

interface ChargeOp {
  name: string;
  operation: string;
  /** Prepares what the charge needs (a saved card, a recurring token) and returns the call, fixed for one order id. */
  prepare(c: Ctx, orderId: string): Promise<() => Promise<{ message: string; status: string }>>;
  /** How the same request sent again is answered: the stored result, or a refusal naming the used order id. */
  repeat: "replayed" | "conflict";
  /** The ledger state once the gateway acted and its notification arrived. */
  done: string;
  /** A payment link moves no money: a lost answer fails the link (503), there is nothing to reconcile. */
  link?: boolean;
}

async function savedCardOf(c: Ctx) {
  const email = `Saver.${uniqueId("s")}@example.com`;
  await completedSale(c.deps.gateway, { email, saveToken: true, expMonth: EXPIRY.approved });
  const [card] = await listSavedCards({ deps: c.deps, principal: c.clerk, ip: null }, { email });
  return { email, cardToken: card!.cardToken };
}

async function recurringFirst(c: Ctx) {
  const sale = await completedSale(c.deps.gateway, { minor: 10_000, recurringInit: true });
  const details = await c.deps.gateway.transactionDetails({ transactionId: sale.transId });
  if (details.kind !== "success") throw new Error("no transaction details");
  return insertPayment(c.deps.db, {
    orderId: sale.orderId,
    gatewayId: sale.transId,
    kind: "sale",
    status: "captured",
    currency: "SAR",
    amountMinor: 10_000,
    authorizedMinor: 10_000,
    capturedMinor: 10_000,
    payerEmail: sale.payerEmail,
    payerName: "Amal Haddad",
    cardBin6: sale.card.bin6,
    cardLast4: sale.card.last4,
    recurringToken: details.data.transactionDetails.recurringToken!,
  });
}

const s2sInput = (orderId: string): NewPaymentInput =>
  ({
    mode: "s2s",
    orderId,
    amount: "25.50",
    currency: "SAR",
    description: "Phone order",
    auth: "sale",
    firstName: "Amal",
    lastName: "Haddad",
    email: "amal.haddad@example.com",
    phone: "+966500000000",
    cardNumber: "4111 1111 1111 1111",
    expMonth: EXPIRY.approved,
    expYear: "2038",
    cvv: "987",
  }) as NewPaymentInput;

const OPS: ChargeOp[] = [
  {
    name: "S2S card sale",
    operation: "s2s_sale",
    async prepare(c, orderId) {
      const input = s2sInput(orderId);
      return () => createCardPayment({ deps: c.deps, principal: c.clerk, ip: null }, input);
    },
    repeat: "conflict",
    done: "captured",
  },
  {
    name: "token sale on a saved card",
    operation: "sale",
    async prepare(c, orderId) {
      const card = await savedCardOf(c);
      const input = {
        ...card,
        ...CONFIRMED_PAYER,
        address: "1 King Fahd Road",
        city: "Riyadh",
        zip: "12211",
        country: "SA",
        amount: "12.50",
        currency: "SAR",
        description: "Top-up",
        orderId,
        idempotencyKey: key(),
      };
      return async () => {
        const r = await chargeSavedCard({ deps: c.deps, principal: c.clerk, ip: "203.0.113.9" }, input);
        return { message: r.message, status: r.payment.status, replayed: r.replayed };
      };
    },
    repeat: "replayed",
    done: "captured",
  },
  ...(["v2", "form"] as const).map((iface): ChargeOp => ({
    name: `recurring charge (${iface})`,
    operation: iface === "v2" ? "recurring_v2" : "recurring_sale",
    async prepare(c, orderId) {
      const first = await recurringFirst(c);
      const input = { firstPaymentId: first.id, amount: "25", description: "Monthly", orderId, interface: iface, idempotencyKey: key() };
      return async () => {
        const r = await chargeRecurring({ deps: c.deps, principal: c.clerk, ip: null }, input);
        return { message: r.message, status: r.payment.status, replayed: r.replayed };
      };
    },
    repeat: "replayed",
    done: "captured",
  })),
  {
    name: "payment link creation",
    operation: "initiate",
    async prepare(c, orderId) {
      const input = {
        orderId,
        amount: "75.00",
        currency: "SAR",
        customerName: "Amal Haddad",
        email: "amal@example.com",
        phone: "+966500000000",
        auth: "sale",
        recurringInit: false,
      };
      return async () => {
        const r = await createPaymentLink({ deps: c.deps, principal: c.clerk, ip: null }, input as Parameters<typeof createPaymentLink>[1]);
        return { message: "", status: (await findPayment(c.deps.db, r.paymentId))!.status };
      };
    },
    repeat: "conflict",
    done: "failed",
    link: true,
  },
];

/** A notification endpoint that only says OK: the sandbox records each delivery; the test hands them to the receiver. */
async function okServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "text/plain" }).end("OK"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify`, server };
}

describe.each(testDatabaseTargets())("new payments under gateway faults ($name)", (target) => {
  const c = {} as Ctx;
  let notify: { url: string; server: Server };
  const queue = createNotificationQueue();
  const quiet = testLogger().logger;

  beforeAll(async () => {
    notify = await okServer();
    c.db = await target.open();
    c.sandbox = await startRecordingSandbox({ callbackUrl: notify.url });
    c.deps = testDeps(c.db, c.sandbox.url, { ...TEST_ENV, GATEWAY_TIMEOUT_MS: String(FAULT_TIMEOUT_MS) });
    c.clerk = await testPrincipal(c.db.db, "Clerk", ["PAYMENTS_CREATE", "SAVED_CARDS_VIEW", "RECURRING_CHARGE", "TRANSACTIONS_VIEW"]);
  }, 60_000);
  afterEach(async () => {
    await sandboxControl(c.sandbox.url).clearFaults();
  });
  afterAll(async () => {
    await c.deps?.gateway.close();
    await c.sandbox?.close();
    await c.db?.dispose();
    await new Promise((r) => notify?.server.close(r));
  });

  /** The gateway's notifications about this order, delivered to the dashboard's receiver and processed. */
  async function deliverNotifications(orderId: string): Promise<number> {
    const res = await fetch(`${c.sandbox.url}/__sandbox/callbacks`);
    const deliveries = (await res.json()) as Array<{ fields: Record<string, string> }>;
    const mine = deliveries.filter((d) => d.fields.order_id === orderId);
    for (const d of mine) {
      const r = await receiveGatewayNotification(c.deps, notificationDelivery(notificationRequest(d.fields), WEBHOOK_SECRET), {
        queue,
        logger: quiet,
      });
      expect(r.kind).toBe("accepted");
    }
    await queue.idle();
    return mine.length;
  }

  describe.each(OPS)("$name", (op) => {
    // Creating a payment link moves no money: its answer carries no result word to confirm (a broken answer is a
    // fault for it; a word inside a good one is not).
    it.each(op.link ? FAULT_CASES.filter((fc) => fc.fault !== "result_word") : FAULT_CASES)("$name", async (fc) => {
      const orderId = uniqueId("flt");
      const go = await op.prepare(c, orderId);
      const before = c.sandbox.received(op.operation);
      await sandboxControl(c.sandbox.url).addFault({
        operation: op.operation,
        fault: fc.fault,
        phase: fc.phase,
        ...slowAnswerFor(fc.fault),
        ...fc.words,
        times: 1,
      });
      const secrets = [c.deps.config.gateway.apiKey, c.deps.config.gateway.merchantSecret, "4111111111111111", "987"];

      // 1. The user's answer.
      const started = Date.now();
      const first = await go().catch((e: unknown) => e);
      expect(Date.now() - started, "no hang past the client timeout").toBeLessThan(SLOW_ANSWER.latencyMs);
      if (op.link) {
        // No link was handed out: a 503 with a message saying so; the order is failed, no money can move on it.
        expect(first).toBeInstanceOf(AppError);
        const e = first as AppError;
        expect(e.code).toBe("gateway_unavailable");
        const res = toErrorResponse(e, { method: "POST", path: "/api/payment-links" });
        expect(res.status).toBe(503);
        expect(await res.json()).toMatchObject({ error: { code: "gateway_unavailable", message: e.userMessage } });
        expectHumanMessage(e.userMessage, secrets);
      } else {
        const r = first as { message: string; status: string };
        expect(r.status).toBe("unknown");
        expect(r.message).toMatch(/confirmed with the gateway; (nothing will be sent again|do not take the payment again)/);
        expectHumanMessage(r.message, secrets);
      }
      const payment = (await findPaymentByOrderId(c.deps.db, orderId))!;
      expect(payment.status).toBe(op.link ? "failed" : "unknown");
      expect(payment).toMatchObject({ authorizedMinor: 0, capturedMinor: 0, refundedMinor: 0 });

      // 2. The same request again: the stored answer or a refusal; never a second call.
      if (op.repeat === "replayed") {
        expect(await go()).toMatchObject({ status: "unknown", replayed: true });
      } else {
        expect(await codeOf(go())).toBe("conflict");
      }

      // 3. Fault gone; the gateway's notification (only when it acted) and the reconciler settle the payment.
      await sandboxControl(c.sandbox.url).clearFaults();
      await c.sandbox.waitForReceived(op.operation, before + 1);
      const truth = c.sandbox.paymentByOrder(orderId);
      if (!op.link) expect(Boolean(truth), "the sandbox holds the payment only if it acted").toBe(fc.acted);
      const delivered = fc.acted && !op.link ? await deliverNotifications(orderId) : 0;
      await reconcileOnce(c.deps, { retryAfterMs: 0, logger: quiet });
      await reconcileOnce({ ...c.deps, now: () => new Date(Date.now() + PAST_GRACE_MS) }, { retryAfterMs: 0, logger: quiet });
      const after = (await findPaymentByOrderId(c.deps.db, orderId))!;
      if (op.link) {
        expect(after.status).toBe("failed");
      } else if (fc.acted) {
        expect(delivered).toBeGreaterThan(0);
        expect(after).toMatchObject({ status: op.done, gatewayId: truth!.id, capturedMinor: truth!.capturedMinor });
      } else {
        // Nothing at the gateway, and nothing to ask it with: honest "unknown", never a guessed outcome.
        expect(after).toMatchObject({ status: "unknown", gatewayId: null, capturedMinor: 0 });
      }

      // 4. Exactly one call reached the gateway; the ledger holds.
      expect(c.sandbox.received(op.operation) - before).toBe(1);
      await expectLedgerConsistent(c.deps.db, [after.id]);
    });
  });

  it("leaves the whole ledger consistent and the audit chain intact after every fault above", async () => {
    await expectLedgerConsistent(c.deps.db);
  });
});

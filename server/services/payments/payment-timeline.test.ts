// Integration test (real sandbox over HTTP, PGlite). Rules guarded: opening a payment's page is not an event —
// the page's live gateway reads stay in the gateway-call log and add nothing to the timeline (5 opens, same
// timeline); a person's sync shows as one "Checked with the gateway" line however many reads it made; a held
// refund shows each of its moments (requested by, approved by, sent to the gateway, succeeded) in order.
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_REFUND_APPROVAL_THRESHOLD } from "../../config";
import { gatewayCallsSettled } from "../../db/gateway-call-log";
import { gatewayCalls } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { paymentOnSandbox } from "../../../tests/support/ledger.support";
import { startTestSandbox, testDeps, testPrincipal } from "../../../tests/support/services.support";
import type { Principal } from "../../auth/principal";
import { approveRefund } from "../refunds/approve-refund";
import { requestRefund } from "../refunds/request-refund";
import type { ServiceContext, ServiceDeps } from "../deps";
import { viewPaymentAtGateway } from "../sync/gateway-snapshot";
import { syncPaymentForUser } from "../sync/sync-for-user";
import { newOrderId, type NewPaymentInput } from "@/lib/schemas/new-payment";
import { sandboxControl } from "../../../tests/support/sandbox-flows.support";
import { findPayment } from "../../ledger/payments";
import { confirmCardPayment } from "./new/confirm-card-payment";
import { createCardPayment } from "./new/create-card-payment";
import { loadPaymentPage } from "./payment-page";

const key = () => `k_${randomUUID().replace(/-/g, "")}`;

describe.each(testDatabaseTargets())("payment timeline on $name", (target) => {
  let database: TestDatabase;
  let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
  let deps: ServiceDeps;
  let clerk: Principal;
  let approver: Principal;
  const as = (principal: Principal): ServiceContext => ({ deps, principal, ip: null });

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox();
    // Threshold 10.00 SAR: a 50.00 refund waits for a second person.
    deps = testDeps(database, sandbox.url, {
      REFUND_APPROVAL_THRESHOLD: DEFAULT_REFUND_APPROVAL_THRESHOLD.replace("SAR:1000.00", "SAR:10.00"),
    });
    clerk = await testPrincipal(database.db, "Clerk", ["REFUNDS_CREATE", "TRANSACTIONS_VIEW", "PAYMENTS_CREATE"]);
    approver = await testPrincipal(database.db, "Approver", ["REFUNDS_APPROVE", "TRANSACTIONS_VIEW"]);
  }, 60_000);
  afterAll(async () => {
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  it("opening the page 5 times adds no timeline entry; the reads stay in the call log as page views", async () => {
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 10_000, auth: false });
    const before = (await loadPaymentPage(as(clerk), { paymentId: p.id }))!.timeline;
    for (let i = 0; i < 5; i++) {
      await loadPaymentPage(as(clerk), { paymentId: p.id });
      await viewPaymentAtGateway(as(clerk), { orderId: p.orderId, gatewayId: p.gatewayId! });
    }
    const after = (await loadPaymentPage(as(clerk), { paymentId: p.id }))!.timeline;
    expect(after.map((e) => e.title)).toEqual(before.map((e) => e.title));
    await gatewayCallsSettled(database.db); // page views' rows are written behind the request
    const reads = await database.db
      .select()
      .from(gatewayCalls)
      .where(and(eq(gatewayCalls.transactionId, p.gatewayId!), inArray(gatewayCalls.operation, ["status", "transaction_details"])));
    expect(reads.filter((r) => r.purpose === "page_view")).toHaveLength(10);
    expect(after.some((e) => /Gateway call|status|transaction details/i.test(e.title))).toBe(false);
  });

  it("a person's sync is one 'Checked with the gateway' line", async () => {
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 5_000, auth: false });
    await syncPaymentForUser(as(clerk), { paymentId: p.id });
    const timeline = (await loadPaymentPage(as(clerk), { paymentId: p.id }))!.timeline;
    expect(timeline.filter((e) => e.kind === "check").map((e) => e.title)).toEqual(["Checked with the gateway"]);
  });

  it("a held refund shows requested by, approved by, sent and succeeded, in that order", async () => {
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 10_000, auth: false });
    const held = await requestRefund(as(clerk), {
      paymentId: p.id,
      amount: "50.00",
      reasonCode: "customer_request",
      note: "",
      idempotencyKey: key(),
    });
    expect(held.action.state).toBe("pending_approval");
    await approveRefund(as(approver), { actionId: held.action.id, note: "" });
    const titles = (await loadPaymentPage(as(clerk), { paymentId: p.id }))!.timeline.map((e) => e.title);
    const at = (re: RegExp) => titles.findIndex((t) => re.test(t));
    expect(at(/^Refund of SAR.50\.00 requested by Clerk/)).toBeGreaterThanOrEqual(0);
    expect(at(/^Refund approved by Approver/)).toBeGreaterThan(at(/^Refund of .* requested by/));
    expect(at(/^Refund sent to the gateway/)).toBeGreaterThan(at(/^Refund approved by/));
    expect(at(/^Refund of SAR.50\.00 succeeded/)).toBeGreaterThan(at(/^Refund sent to the gateway/));
    expect(titles.some((t) => /_/.test(t))).toBe(false);
  });

  it("a 3-D Secure challenge is a step of its own, still there once the kept challenge page is gone", async () => {
    const input = {
      mode: "s2s",
      orderId: newOrderId(),
      amount: "25.50",
      currency: "SAR",
      description: "Phone order",
      auth: "sale",
      firstName: "Amal",
      lastName: "Haddad",
      email: "amal.haddad@example.com",
      phone: "+966500000000",
      cardNumber: "4111 1111 1111 1111",
      expMonth: "05", // the sandbox's challenge card
      expYear: "2038",
      cvv: "987",
    } as NewPaymentInput;
    const r = await createCardPayment(as(clerk), input);
    expect(r.status).toBe("awaiting_3ds");
    const p = (await findPayment(database.db, r.paymentId))!;
    await sandboxControl(sandbox.url).answerChallenge(p.gatewayId!, "1234");
    expect((await confirmCardPayment(as(clerk), { paymentId: r.paymentId })).status).toBe("captured");
    const timeline = (await loadPaymentPage(as(clerk), { paymentId: r.paymentId }))!.timeline;
    const kinds = timeline.map((e) => e.kind);
    expect(kinds).toContain("three_ds");
    expect(kinds.indexOf("three_ds")).toBeGreaterThan(kinds.indexOf("call"));
  });
});

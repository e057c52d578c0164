// Integration tests against the real sandbox over HTTP and real databases. Rules guarded: when a saved card asks
// for 3-D Secure, the customer's side of the challenge happens in the dashboard's sandboxed frame: the token
// sale's collector page is kept for the user who started the charge and nobody else; the outcome comes from our
// own status query after the customer answers (approved → captured, wrong code → declined), never from the frame;
// the page is forgotten once the outcome is known; another user cannot confirm the charge.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { EXPIRY, uniqueId, CONFIRMED_PAYER } from "../../../tests/support/gateway-fixtures.support";
import { completedSale, sandboxControl } from "../../../tests/support/sandbox-flows.support";
import type { ServiceDeps, ServiceContext } from "../deps";
import type { Principal } from "../../auth/principal";
import { confirmCardPayment } from "../payments/new/confirm-card-payment";
import { readThreeDsView } from "../payments/new/three-ds-views";
import { codeOf, startTestSandbox, testDeps, testPrincipal } from "../../../tests/support/services.support";
import { chargeSavedCard, listSavedCards } from "./saved-cards";

const key = () => `k_${randomUUID().replace(/-/g, "")}`;

describe.each(testDatabaseTargets())("saved-card charge with 3-D Secure on $name", { tags: ["gateway-profile"] }, (target) => {
  let database: TestDatabase;
  let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
  let deps: ServiceDeps;
  /** The context of a service call made by `principal` with these deps. */
  // The staff member's request address (what a route handler passes): the token sale's payer_ip (4.1 takes IPv4).
  const as = (principal: Principal, ip: string | null = "203.0.113.9"): ServiceContext => ({ deps, principal, ip });
  let clerk: Awaited<ReturnType<typeof testPrincipal>>;
  let otherClerk: Awaited<ReturnType<typeof testPrincipal>>;

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox();
    deps = testDeps(database, sandbox.url, { APP_URL: "http://dashboard.test" });
    const perms = ["PAYMENTS_CREATE", "SAVED_CARDS_VIEW", "TRANSACTIONS_VIEW"] as const;
    clerk = await testPrincipal(database.db, "Clerk", [...perms]);
    otherClerk = await testPrincipal(database.db, "Other clerk", [...perms]);
  }, 60_000);
  afterAll(async () => {
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  /** A customer whose saved card (a challenge card) asks for 3-D Secure on every sale. */
  async function challengeCardCustomer(expMonth: string) {
    const email = `Challenge.${uniqueId("c")}@example.com`;
    const first = await completedSale(deps.gateway, { email, saveToken: true, expMonth });
    await sandboxControl(sandbox.url).answerChallenge(first.transId, "1234");
    const [card] = await listSavedCards(as(clerk), { email });
    expect(card).toBeTruthy();
    return { email, cardToken: card!.cardToken };
  }
  const charge = (c: { email: string; cardToken: string }) =>
    chargeSavedCard(as(clerk), {
      ...c,
      ...CONFIRMED_PAYER,
      address: "1 King Fahd Road",
      city: "Riyadh",
      zip: "12211",
      country: "SA",
      amount: "5.00",
      currency: "SAR",
      description: "Phone order",
      orderId: uniqueId("tok"),
      idempotencyKey: key(),
    });

  it("the challenge page is kept for its user only; after the customer's right answer, confirm → captured", async () => {
    const r = await charge(await challengeCardCustomer(EXPIRY.challengeApproved));
    expect(r.payment.status).toBe("awaiting_3ds");
    expect(r.threeDsViewId).toBeTruthy();
    const view = await readThreeDsView(deps.db, r.threeDsViewId!, clerk.userId);
    expect(view?.html).toContain('name="otp"');
    expect(view?.paymentId).toBe(r.payment.id);
    expect(await readThreeDsView(deps.db, r.threeDsViewId!, otherClerk.userId)).toBeNull();
    expect(await codeOf(confirmCardPayment(as(otherClerk), { paymentId: r.payment.id }))).toBe("not_found");
    // Before the customer answers, the status query keeps it waiting (the frame's message is never the result).
    expect((await confirmCardPayment(as(clerk), { paymentId: r.payment.id })).status).toBe("awaiting_3ds");
    expect((await sandboxControl(sandbox.url).answerChallenge(r.payment.gatewayId!, "1234")).status).toBe(200);
    expect(await confirmCardPayment(as(clerk), { paymentId: r.payment.id })).toMatchObject({ status: "captured", capturedMinor: 500 });
    expect(await readThreeDsView(deps.db, r.threeDsViewId!, clerk.userId)).toBeNull();
  });

  it("a wrong answer to the bank's challenge ends declined", async () => {
    const r = await charge(await challengeCardCustomer(EXPIRY.challengeApproved));
    await sandboxControl(sandbox.url).answerChallenge(r.payment.gatewayId!, "0000");
    expect((await confirmCardPayment(as(clerk), { paymentId: r.payment.id })).status).toBe("declined");
  });

  it("after the challenge the frame is sent to the dashboard's session-less return page for this charge", async () => {
    const r = await charge(await challengeCardCustomer(EXPIRY.challengeApproved));
    const answered = await sandboxControl(sandbox.url).answerChallenge(r.payment.gatewayId!, "1234");
    // The sandbox's "sending you on" page: a form to the return address with its query as hidden fields.
    expect(answered.html).toContain('action="http://dashboard.test/payments/return"');
    expect(answered.html).toContain('name="flow" value="token"');
    expect(answered.html).toContain(`name="payment" value="${r.payment.id}"`);
  });
});

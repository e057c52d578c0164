// Integration tests against the real sandbox over HTTP and real databases: saved cards are found by exactly the
// e-mail used at payment; "charge this card" records a token_sale payment with its outcome (captured, or
// awaiting 3-D Secure for a challenge card) and replays an identical request; "charge now" on a recurring token
// goes through v2 JSON and the form RECURRING_SALE (whole units only, decimals refused before any call), the one
// RECURRING_INTERFACE configures when the caller names none (the dashboard's dialog never does), records a
// decline with its reason, and both need their permissions.
import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, gatewayCalls, payments } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { EXPIRY, uniqueId, CONFIRMED_PAYER } from "../../../tests/support/gateway-fixtures.support";
import { completedSale, sandboxControl } from "../../../tests/support/sandbox-flows.support";
import { insertPayment } from "../../ledger/payments";
import type { ServiceDeps } from "../deps";
import { chargeSavedCard, listSavedCards } from "../saved-cards/saved-cards";
import { codeOf, startTestSandbox, testDeps, testPrincipal } from "../../../tests/support/services.support";
import { chargeRecurring, listRecurringTokens } from "./recurring";

const key = () => `k_${randomUUID().replace(/-/g, "")}`;

describe.each(testDatabaseTargets())("saved cards and recurring charges on $name", { tags: ["gateway-profile"] }, (target) => {
  let database: TestDatabase;
  let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
  let deps: ServiceDeps;
  let clerk: Awaited<ReturnType<typeof testPrincipal>>;
  let viewer: Awaited<ReturnType<typeof testPrincipal>>;

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox();
    deps = testDeps(database, sandbox.url);
    clerk = await testPrincipal(database.db, "Clerk", ["PAYMENTS_CREATE", "SAVED_CARDS_VIEW", "RECURRING_CHARGE", "TRANSACTIONS_VIEW"]);
    viewer = await testPrincipal(database.db, "Viewer", ["TRANSACTIONS_VIEW"]);
  }, 60_000);
  afterAll(async () => {
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  const callsOf = async (orderId: string) =>
    (await database.db.select({ n: count() }).from(gatewayCalls).where(eq(gatewayCalls.orderId, orderId)))[0]!.n;

  async function savedCardOf() {
    const email = `Saver.${uniqueId("s")}@example.com`;
    await completedSale(deps.gateway, { email, saveToken: true, expMonth: EXPIRY.approved });
    return email;
  }

  /** A "charge this card" request for the saved card of `email`. */
  const chargeInput = (email: string, cardToken: string, amount: string, description: string) => ({
    email,
    cardToken,
    ...CONFIRMED_PAYER,
    address: "1 King Fahd Road",
    city: "Riyadh",
    zip: "12211",
    country: "SA",
    amount,
    currency: "SAR",
    description,
    orderId: uniqueId("tok"),
    idempotencyKey: key(),
  });

  it("threat: a huge charge on a saved card, the customer not there. Above MAX_CHARGE refused; above CHARGE_CONFIRM_ABOVE only once confirmed, audited", async () => {
    const email = await savedCardOf();
    const [card] = await listSavedCards({ deps, principal: clerk, ip: null }, { email });
    const input = (amount: string) => chargeInput(email, card!.cardToken, amount, "Large order");
    const said = (confirmation: string | null) => ({
      deps,
      principal: clerk,
      ip: "203.0.113.9",
      chargeConfirmation: async () => confirmation,
    });
    const before = await database.db.select({ n: count() }).from(payments);
    const tooBig = input("1000000.01");
    const refused = await chargeSavedCard(said(null), tooBig).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "unprocessable" });
    expect((refused as Error).message).toBe(
      "SAR 1000000.01 is more than the largest charge allowed, SAR 1000000.00. Check the amount: nothing was charged.",
    );
    const big = input("1000000.00");
    const ask = await chargeSavedCard(said(null), big).catch((e: unknown) => e);
    expect(ask).toMatchObject({ code: "confirmation_required", confirm: "SAR:100000000" });
    expect((ask as Error).message).toBe(
      "You are about to charge SAR 1000000.00 to VISA •••• 1111. Check the amount with the customer, then confirm.",
    );
    // A confirmation of another amount does not carry over.
    expect(await codeOf(chargeSavedCard(said("SAR:99999999"), big))).toBe("confirmation_required");
    expect(await database.db.select({ n: count() }).from(payments)).toEqual(before);
    expect(await callsOf(big.orderId)).toBe(0);
    const done = await chargeSavedCard(said("SAR:100000000"), big);
    expect(done.payment).toMatchObject({ status: "captured", amountMinor: 100_000_000 });
    const [start] = await database.db.select().from(auditLog).where(eq(auditLog.targetId, done.payment.id)).limit(1);
    expect(start!.summary).toMatchObject({ largeChargeConfirmed: true });
    // Below the threshold nothing is asked.
    expect((await chargeSavedCard(said(null), input("10000.00"))).payment.status).toBe("captured");
  });

  it("finds saved cards by the e-mail used at payment (another case finds them only once the ledger knows that spelling)", async () => {
    const email = await savedCardOf();
    const cards = await listSavedCards({ deps, principal: clerk, ip: null }, { email });
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ maskedCardNumber: "411111******1111", active: true, expiry: "01/38" });
    expect(await listSavedCards({ deps, principal: clerk, ip: null }, { email: email.toLowerCase() })).toEqual([]);
  });

  it("charges a saved card: a token_sale payment captured at once, replayed without a second call", async () => {
    const email = await savedCardOf();
    const [card] = await listSavedCards({ deps, principal: clerk, ip: null }, { email });
    const input = chargeInput(email, card!.cardToken, "12.50", "Top-up");
    const r = await chargeSavedCard({ deps, principal: clerk, ip: "203.0.113.9" }, input);
    expect(r.payment).toMatchObject({
      kind: "token_sale",
      status: "captured",
      amountMinor: 1250,
      capturedMinor: 1250,
      parentPaymentId: null,
      payerEmail: email,
      cardLast4: "1111",
      cardBrand: "Visa",
    });
    expect(r.payment.gatewayId).toBeTruthy();
    const again = await chargeSavedCard({ deps, principal: clerk, ip: "203.0.113.9" }, input);
    expect(again).toMatchObject({ replayed: true, payment: { id: r.payment.id, status: "captured" } });
    expect(await callsOf(input.orderId)).toBe(1);
    expect(await codeOf(chargeSavedCard({ deps, principal: clerk, ip: null }, { ...input, amount: "13.00" }))).toBe("unprocessable");
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.targetId, r.payment.id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(["token_sale.start", "token_sale.captured"]));
  });

  it("a challenge card's token sale is recorded as awaiting 3-D Secure", async () => {
    const email = `Challenge.${uniqueId("c")}@example.com`;
    const first = await completedSale(deps.gateway, { email, saveToken: true, expMonth: EXPIRY.challengeApproved });
    await sandboxControl(sandbox.url).answerChallenge(first.transId, "1234");
    const [card] = await listSavedCards({ deps, principal: clerk, ip: null }, { email });
    expect(card).toBeTruthy();
    const r = await chargeSavedCard({ deps, principal: clerk, ip: "203.0.113.9" }, chargeInput(email, card!.cardToken, "5", "3DS"));
    expect(r.payment.status).toBe("awaiting_3ds");
    expect(r.message).toMatch(/3-D Secure/);
  });

  async function recurringFirst() {
    const sale = await completedSale(deps.gateway, { minor: 10_000, recurringInit: true });
    const details = await deps.gateway.transactionDetails({ transactionId: sale.transId });
    if (details.kind !== "success") throw new Error(JSON.stringify(details));
    const token = details.data.transactionDetails.recurringToken!;
    expect(token).toBeTruthy();
    const first = await insertPayment(database.db, {
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
      // BIN6 and LAST4 as the dashboard records them: the family profile's SALE-style RECURRING_SALE hash needs both.
      cardBin6: sale.card.bin6,
      cardLast4: sale.card.last4,
      recurringToken: token,
    });
    return { first, token };
  }

  it("charges now through v2 JSON and through the form RECURRING_SALE", async () => {
    const { first, token } = await recurringFirst();
    const v2 = await chargeRecurring(
      { deps, principal: clerk, ip: null },
      {
        firstPaymentId: first.id,
        amount: "25.50",
        description: "Monthly",
        orderId: uniqueId("rv2"),
        interface: "v2",
        idempotencyKey: key(),
      },
    );
    expect(v2.payment).toMatchObject({
      kind: "recurring",
      status: "captured",
      amountMinor: 2550,
      capturedMinor: 2550,
      parentPaymentId: first.id,
      recurringToken: token,
      payerEmail: first.payerEmail,
    });
    expect(v2.payment.gatewayId).toBeTruthy();
    const form = await chargeRecurring(
      { deps, principal: clerk, ip: null },
      {
        firstPaymentId: first.id,
        amount: "30",
        description: "Monthly",
        orderId: uniqueId("rfm"),
        interface: "form",
        idempotencyKey: key(),
      },
    );
    expect(form.payment).toMatchObject({ kind: "recurring", status: "captured", amountMinor: 3000, parentPaymentId: first.id });
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.targetId, form.payment.id));
    expect(audits.map((a) => a.action)).toContain("recurring.charge.captured");

    const list = await listRecurringTokens({ deps, principal: clerk, ip: null });
    const mine = list.find((c) => c.email === first.payerEmail)!;
    expect(mine.tokens[0]).toMatchObject({ firstPaymentId: first.id, lastCharge: { paymentId: form.payment.id, status: "captured" } });
  });

  it("the form interface refuses decimals before any gateway call", async () => {
    const { first } = await recurringFirst();
    const orderId = uniqueId("rdec");
    expect(
      await codeOf(
        chargeRecurring(
          { deps, principal: clerk, ip: null },
          { firstPaymentId: first.id, amount: "25.50", description: "Monthly", orderId, interface: "form", idempotencyKey: key() },
        ),
      ),
    ).toBe("invalid_request");
    expect(await callsOf(orderId)).toBe(0);
    expect(await database.db.select().from(payments).where(eq(payments.orderId, orderId))).toEqual([]);
  });

  it("rule (#13): without an interface named, the configuration decides (RECURRING_INTERFACE): v2 by default, the form call and its whole-units rule when set", async () => {
    const { first } = await recurringFirst();
    const operationsOf = async (orderId: string) =>
      (await database.db.select().from(gatewayCalls).where(eq(gatewayCalls.orderId, orderId))).map((c) => c.operation);
    const viaDefault = uniqueId("rcfg");
    const byDefault = await chargeRecurring(
      { deps, principal: clerk, ip: null },
      { firstPaymentId: first.id, amount: "12.50", description: "Monthly", orderId: viaDefault, idempotencyKey: key() },
    );
    expect(byDefault.payment).toMatchObject({ status: "captured", amountMinor: 1250 });
    expect(await operationsOf(viaDefault)).toEqual(["recurring_v2"]);

    const formDeps: ServiceDeps = { ...deps, config: { ...deps.config, recurring: { interface: "form" } } };
    const refused = uniqueId("rcfd");
    expect(
      await codeOf(
        chargeRecurring(
          { deps: formDeps, principal: clerk, ip: null },
          { firstPaymentId: first.id, amount: "12.50", description: "Monthly", orderId: refused, idempotencyKey: key() },
        ),
      ),
    ).toBe("invalid_request");
    expect(await callsOf(refused)).toBe(0);
    const viaForm = uniqueId("rcfw");
    const whole = await chargeRecurring(
      { deps: formDeps, principal: clerk, ip: null },
      { firstPaymentId: first.id, amount: "12", description: "Monthly", orderId: viaForm, idempotencyKey: key() },
    );
    expect(whole.payment).toMatchObject({ status: "captured", amountMinor: 1200 });
    expect(await operationsOf(viaForm)).toEqual(["recurring_sale"]);
  });

  it("a declined recurring charge is recorded as declined with its reason", async () => {
    const { first, token } = await recurringFirst();
    await sandboxControl(sandbox.url).declineNext(token);
    const r = await chargeRecurring(
      { deps, principal: clerk, ip: null },
      { firstPaymentId: first.id, amount: "10", description: "Monthly", orderId: uniqueId("rdcl"), idempotencyKey: key() },
    );
    expect(r.payment.status).toBe("declined");
    expect(r.payment.declineReason).toBeTruthy();
    expect(r.message).toMatch(/declined/);
  });

  it("refuses callers without the permissions", async () => {
    const { first } = await recurringFirst();
    expect(await codeOf(listSavedCards({ deps, principal: viewer, ip: null }, { email: "x@example.com" }))).toBe("forbidden");
    expect(await codeOf(chargeSavedCard({ deps, principal: viewer, ip: null }, chargeInput("x@example.com", "t", "1", "d")))).toBe(
      "forbidden",
    );
    expect(await codeOf(listRecurringTokens({ deps, principal: viewer, ip: null }))).toBe("forbidden");
    expect(
      await codeOf(
        chargeRecurring(
          { deps, principal: viewer, ip: null },
          { firstPaymentId: first.id, amount: "1", description: "d", orderId: uniqueId("f"), idempotencyKey: key() },
        ),
      ),
    ).toBe("forbidden");
  });
});

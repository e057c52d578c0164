// Rules guarded (real sandbox, real databases): a saved-card sale sends the billing address, name and phone staff
// confirmed in the dialog, never made-up ones; the lookup suggests those of the customer's latest payment that had
// them (a form sale or a link); the charge's schema refuses a charge without an address, and the service one without
// a name or phone from either the dialog or the ledger, before anything is stored or sent.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenChargeSchema } from "@/lib/schemas/saved-cards";
import { gatewayCalls } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { EXPIRY, uniqueId, CONFIRMED_PAYER } from "../../../tests/support/gateway-fixtures.support";
import { completedSale } from "../../../tests/support/sandbox-flows.support";
import { findPayment, findPaymentByOrderId, insertPayment } from "../../ledger/payments";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../deps";
import { startTestSandbox, testDeps, testPrincipal } from "../../../tests/support/services.support";
import { chargeSavedCard, lookupSavedCards } from "./saved-cards";

const key = () => `k_${randomUUID().replace(/-/g, "")}`;

describe.each(testDatabaseTargets())("saved-card billing address on $name", { tags: ["gateway-profile"] }, (target) => {
  let database: TestDatabase;
  let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
  let deps: ServiceDeps;
  let clerk: Awaited<ReturnType<typeof testPrincipal>>;

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox();
    deps = testDeps(database, sandbox.url);
    clerk = await testPrincipal(database.db, "Clerk", ["PAYMENTS_CREATE", "SAVED_CARDS_VIEW"]);
  }, 60_000);
  afterAll(async () => {
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  it("suggests the latest whole address the ledger has for the e-mail, and none when it has none", async () => {
    const email = `Addr.${uniqueId("a")}@example.com`;
    await completedSale(deps.gateway, { email, saveToken: true, expMonth: EXPIRY.approved });
    expect((await lookupSavedCards({ deps, principal: clerk, ip: null }, { email })).billingAddress).toBeNull();
    const at = (ms: number) => new Date(Date.now() - ms);
    const base = { kind: "sale", status: "captured", currency: "SAR", amountMinor: 100, payerEmail: email };
    await insertPayment(deps.db, {
      ...base,
      orderId: uniqueId("old"),
      createdAt: at(60_000),
      payerAddress: "Old St 1",
      payerCity: "Jeddah",
      payerZip: "21411",
      payerCountry: "SA",
    });
    await insertPayment(deps.db, {
      ...base,
      orderId: uniqueId("new"),
      createdAt: at(1_000),
      payerAddress: "New St 2",
      payerCity: "Riyadh",
      payerZip: "12211",
      payerCountry: "SA",
    });
    await insertPayment(deps.db, { ...base, orderId: uniqueId("partial"), createdAt: at(0), payerAddress: "No city", payerCity: null });
    const r = await lookupSavedCards({ deps, principal: clerk, ip: null }, { email });
    expect(r.cards).toHaveLength(1);
    expect(r.billingAddress).toEqual({ address: "New St 2", city: "Riyadh", zip: "12211", country: "SA" });
  });

  it("the token sale carries the address given, and the ledger payment keeps it", async () => {
    const email = `Addr.${uniqueId("b")}@example.com`;
    await completedSale(deps.gateway, { email, saveToken: true, expMonth: EXPIRY.approved });
    const { cards } = await lookupSavedCards({ deps, principal: clerk, ip: null }, { email });
    const orderId = uniqueId("tok");
    const address = { address: "7 Tahlia Street", city: "Jeddah", zip: "23434", country: "SA" };
    const r = await chargeSavedCard(
      { deps, principal: clerk, ip: "203.0.113.9" },
      {
        email,
        cardToken: cards[0]!.cardToken,
        ...CONFIRMED_PAYER,
        ...address,
        amount: "3.00",
        currency: "SAR",
        description: "Phone order",
        orderId,
        idempotencyKey: key(),
      },
    );
    expect(r.payment.status).toBe("captured");
    const [call] = await deps.db.select().from(gatewayCalls).where(eq(gatewayCalls.orderId, orderId));
    expect(JSON.stringify(call?.request)).toContain('"payer_address":"7 Tahlia Street"');
    expect(JSON.stringify(call?.request)).toContain('"payer_zip":"23434"');
    expect(await findPayment(deps.db, r.payment.id)).toMatchObject({
      payerAddress: "7 Tahlia Street",
      payerCity: "Jeddah",
      payerZip: "23434",
      payerCountry: "SA",
    });
  });

  it("no name or phone in the dialog nor the ledger: refused naming the fields, nothing stored or sent", async () => {
    // The card was saved at the gateway by a sale this ledger never saw (another channel of the merchant's).
    const email = `Nameless.${uniqueId("n")}@example.com`;
    await completedSale(deps.gateway, { email, saveToken: true, expMonth: EXPIRY.approved });
    const view = await lookupSavedCards({ deps, principal: clerk, ip: null }, { email });
    expect(view.payer).toBeNull();
    const orderId = uniqueId("tok");
    const input = {
      email,
      cardToken: view.cards[0]!.cardToken,
      address: "7 Tahlia Street",
      city: "Jeddah",
      zip: "23434",
      country: "SA",
      amount: "3.00",
      currency: "SAR",
      description: "Phone order",
      orderId,
      idempotencyKey: key(),
    };
    const e = await chargeSavedCard({ deps, principal: clerk, ip: "203.0.113.9" }, input).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).messageKey).toBe("savedCards.payerDetailsNeeded");
    expect(Object.keys((e as AppError).fields ?? {}).sort()).toEqual(["firstName", "lastName", "phone"]);
    expect(await findPaymentByOrderId(deps.db, orderId)).toBeNull();
    expect(await deps.db.select().from(gatewayCalls).where(eq(gatewayCalls.orderId, orderId))).toEqual([]);
    // With the name and phone the customer gave, the charge goes through and the ledger keeps them.
    const r = await chargeSavedCard({ deps, principal: clerk, ip: "203.0.113.9" }, { ...input, ...CONFIRMED_PAYER, idempotencyKey: key() });
    expect(r.payment).toMatchObject({ status: "captured", payerName: "Amal Haddad", payerPhone: "+966500000000" });
    const [call] = await deps.db.select().from(gatewayCalls).where(eq(gatewayCalls.orderId, orderId));
    expect(JSON.stringify(call?.request)).toContain('"payer_first_name":"Amal"');
    expect(JSON.stringify(call?.request)).toContain('"payer_phone":"+966500000000"');
    // The next lookup suggests them.
    expect((await lookupSavedCards({ deps, principal: clerk, ip: null }, { email })).payer).toEqual(CONFIRMED_PAYER);
  });

  it("the name and phone of the customer's latest payment are used when the dialog sends none", async () => {
    const email = `Known.${uniqueId("k")}@example.com`;
    await completedSale(deps.gateway, { email, saveToken: true, expMonth: EXPIRY.approved });
    await insertPayment(deps.db, {
      kind: "sale",
      status: "captured",
      currency: "SAR",
      amountMinor: 100,
      payerEmail: email,
      orderId: uniqueId("old"),
      payerName: "Noura Al Saud",
      payerPhone: "+966511111111",
    });
    const view = await lookupSavedCards({ deps, principal: clerk, ip: null }, { email });
    expect(view.payer).toEqual({ firstName: "Noura", lastName: "Al Saud", phone: "+966511111111" });
    const orderId = uniqueId("tok");
    const r = await chargeSavedCard(
      { deps, principal: clerk, ip: "203.0.113.9" },
      {
        email,
        cardToken: view.cards[0]!.cardToken,
        address: "7 Tahlia Street",
        city: "Jeddah",
        zip: "23434",
        country: "SA",
        amount: "3.00",
        currency: "SAR",
        description: "Phone order",
        orderId,
        idempotencyKey: key(),
      },
    );
    expect(r.payment).toMatchObject({ payerName: "Noura Al Saud", payerPhone: "+966511111111" });
  });

  it("the charge's schema refuses a charge without the billing address", () => {
    const r = tokenChargeSchema.safeParse({
      email: "a@example.com",
      cardToken: "t",
      amount: "1.00",
      currency: "SAR",
      description: "d",
      orderId: "o-1",
      idempotencyKey: key(),
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path[0])).toEqual(expect.arrayContaining(["address", "city", "zip", "country"]));
  });
});

// Rules guarded (real sandbox over HTTP, real databases): a customer is a payer e-mail in any case — the list
// groups "Noura@x" and "noura@x" into one customer, pages by keyset with a customer key (never an e-mail) as the
// cursor, and searches a part of the e-mail or name; the key is opaque (a payment id) and an unknown or malformed
// key names no one; the saved-cards lookup is case-insensitive (each spelling the ledger knows is asked for) and
// a charge goes to the spelling that saved the card; the customer page shows payments, saved cards, recurring
// tokens and plans, each only with the permission that shows it elsewhere; TRANSACTIONS_VIEW is required.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../auth/principal";
import { billingPlans } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { EXPIRY, uniqueId } from "../../../tests/support/gateway-fixtures.support";
import { completedSale } from "../../../tests/support/sandbox-flows.support";
import { seedPayments } from "../../../tests/support/transactions-fixtures.support";
import { codeOf, startTestSandbox, testDeps, testPrincipal } from "../../../tests/support/services.support";
import type { ServiceContext, ServiceDeps } from "../deps";
import { listSavedCards, lookupSavedCards } from "../saved-cards/saved-cards";
import { customerKeyOf, emailOfKey } from "./customer-key";
import { customerPage } from "./customer-page";
import { listCustomers } from "./list-customers";

describe.each(testDatabaseTargets())("customers ($name)", (target) => {
  let database: TestDatabase;
  let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
  let deps: ServiceDeps;
  let viewer: Principal;
  let everything: Principal;
  let cardsOnly: Principal;
  const as = (principal: Principal): ServiceContext => ({ deps, principal, ip: null });
  const tag = uniqueId("c").toLowerCase();
  const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 10, minute));

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox();
    deps = testDeps(database, sandbox.url);
    viewer = await testPrincipal(deps.db, "Viewer", ["TRANSACTIONS_VIEW"]);
    everything = await testPrincipal(deps.db, "Everything", ["TRANSACTIONS_VIEW", "SAVED_CARDS_VIEW", "RECURRING_CHARGE"]);
    cardsOnly = await testPrincipal(deps.db, "Cards", ["SAVED_CARDS_VIEW"]);
  }, 60_000);
  afterAll(async () => {
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  it("groups payments by e-mail in any case, pages by customer key, and searches e-mail and name", async () => {
    const emails = Array.from({ length: 5 }, (_, i) => `${tag}-${i}@example.com`);
    await seedPayments(deps.db, [
      { payerEmail: emails[0]!.toUpperCase(), payerName: "Old Name", createdAt: at(1) },
      { payerEmail: emails[0], payerName: "Noura Ali", createdAt: at(2) },
      ...emails.slice(1).map((e, i) => ({ payerEmail: e, payerName: `Person ${i + 1}`, createdAt: at(3 + i) })),
    ]);
    const q = tag;
    const first = await listCustomers(as(viewer), { q, size: 2 });
    expect(first.rows.map((r) => r.email.toLowerCase())).toEqual(emails.slice(0, 2));
    expect(first.rows[0]).toMatchObject({ payments: 2, name: "Noura Ali", email: emails[0] });
    expect(first.prevCursor).toBeNull();
    // The cursor is a customer key, not an e-mail.
    expect(first.nextCursor).toMatch(/^[0-9a-f-]{36}$/);
    const second = await listCustomers(as(viewer), { q, size: 2, after: first.nextCursor! });
    expect(second.rows.map((r) => r.email)).toEqual(emails.slice(2, 4));
    const back = await listCustomers(as(viewer), { q, size: 2, before: second.prevCursor! });
    expect(back.rows.map((r) => r.email.toLowerCase())).toEqual(emails.slice(0, 2));
    const last = await listCustomers(as(viewer), { q, size: 2, after: second.nextCursor! });
    expect(last.rows.map((r) => r.email)).toEqual(emails.slice(4));
    expect(last.nextCursor).toBeNull();
    // Search: a name the customer paid under earlier counts, and the payment count stays the customer's whole.
    const byOldName = await listCustomers(as(viewer), { q: "OLD NAME" });
    expect(byOldName.rows.find((r) => r.email.toLowerCase() === emails[0])).toMatchObject({ payments: 2 });
    // A search with LIKE wildcards matches them literally.
    expect((await listCustomers(as(viewer), { q: `${tag}%` })).rows).toEqual([]);
  });

  it("finds an Arabic name whatever spelling variant is typed (#15: hamza, ta marbuta, short vowels)", async () => {
    const email = `${tag}-ar@example.com`;
    await seedPayments(deps.db, [{ payerEmail: email, payerName: "فاطمة أحمد الزهراني", createdAt: at(30) }]);
    for (const q of ["فاطمة أحمد", "فاطمه احمد", "الزَّهراني"]) {
      const found = await listCustomers(as(viewer), { q });
      expect(
        found.rows.map((r) => r.email),
        q,
      ).toContain(email);
    }
  });

  it("resolves an opaque key to the customer, and nothing for an unknown or malformed key", async () => {
    const email = `${tag}-key@example.com`;
    const [p] = await seedPayments(deps.db, [{ payerEmail: email.toUpperCase(), createdAt: at(20) }]);
    expect(await customerKeyOf(deps, email)).toBe(p!.id);
    expect(await emailOfKey(deps, p!.id)).toBe(email);
    expect(await emailOfKey(deps, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await emailOfKey(deps, "noura@example.com")).toBeNull();
    expect(await customerPage(as(viewer), { key: "not-a-key" })).toBeNull();
  });

  it("finds saved cards whatever the case typed, and a charge uses the spelling that saved the card", async () => {
    const email = `Saver.${uniqueId("s")}@Example.com`;
    await completedSale(deps.gateway, { email, saveToken: true, expMonth: EXPIRY.approved });
    // The gateway matches exactly: until the ledger knows the spelling, another case finds nothing there.
    expect(await listSavedCards(as(everything), { email: email.toLowerCase() })).toEqual([]);
    await seedPayments(deps.db, [{ payerEmail: email, createdAt: at(30) }]);
    const cards = await listSavedCards(as(everything), { email: email.toUpperCase() });
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ customerReference: email, last4: "1111", active: true });
    const lookup = await lookupSavedCards(as(everything), { email: email.toLowerCase() });
    expect(lookup.customerKey).toBe(await customerKeyOf(deps, email));
    // Without TRANSACTIONS_VIEW the lookup does not hand out the customer page.
    expect((await lookupSavedCards(as(cardsOnly), { email })).customerKey).toBeNull();
  });

  it("shows payments, saved cards, recurring tokens and plans on one page, each with its own permission", async () => {
    const email = `Plan.${uniqueId("p")}@example.com`;
    await completedSale(deps.gateway, { email, saveToken: true, expMonth: EXPIRY.approved });
    const [first, child] = await seedPayments(deps.db, [
      { payerEmail: email, recurringToken: "rt-1", kind: "sale", createdAt: at(40), cardBrand: "VISA", cardLast4: "1111" },
      { payerEmail: email.toLowerCase(), kind: "recurring", createdAt: at(41) },
    ]);
    await deps.db.insert(billingPlans).values({
      firstPaymentId: first!.id,
      amountMinor: 5000,
      currency: "SAR",
      interval: "monthly",
      anchorDate: "2025-02-01",
      description: "Gym membership",
      interface: "v2",
      nextChargeAt: at(50),
    });
    await seedPayments(deps.db, [{ payerEmail: email, parentPaymentId: first!.id, kind: "recurring", createdAt: at(42) }]);
    const full = (await customerPage(as(everything), { key: child!.id }))!;
    expect(full.email).toBe(email);
    expect(full.paymentsTotal).toBe(3);
    expect(full.payments.map((p) => p.createdAt)).toEqual([at(42), at(41), at(40)].map((d) => d.toISOString()));
    expect(full.recurringTokens!.map((t) => t.id)).toEqual([first!.id]);
    expect(full.plans!.map((p) => p.description)).toEqual(["Gym membership"]);
    expect(full.savedCards!.cards).toHaveLength(1);
    expect(full.savedCards!.error).toBeNull();
    const partial = (await customerPage(as(viewer), { key: first!.id }))!;
    expect(partial.paymentsTotal).toBe(3);
    expect(partial.savedCards).toBeNull();
    expect(partial.recurringTokens).toBeNull();
    expect(partial.plans).toBeNull();
  });

  it("requires TRANSACTIONS_VIEW for the list and the page", async () => {
    expect(await codeOf(listCustomers(as(cardsOnly), {}))).toBe("forbidden");
    expect(await codeOf(customerPage(as(cardsOnly), { key: "00000000-0000-4000-8000-000000000000" }))).toBe("forbidden");
  });
});

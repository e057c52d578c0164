// Rules guarded (real sandbox over HTTP, real database): the dashboard, not staff, picks the interface (the form
// SALE when the card is saved or recurring starts, S2S otherwise; the billing address asked only then); a new
// card payment records the gateway's frictionless
// outcome (captured, authorized, declined); a 3-D Secure challenge leaves it awaiting_3ds with the page kept only
// for the user who started it; after the customer answers, confirming runs the status query and the ledger takes
// the real outcome (never the frame's word); PAYMENTS_CREATE is required; the card number and CVV are found in no
// table afterwards.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../../errors";
import type { RunningSandbox } from "../../../../sandbox/server";
import { scanForCardData } from "../../../../scripts/lib/card-data-scan";
import type { Principal } from "../../../auth/principal";
import { auditLog } from "../../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../../tests/support/db.support";
import { sandboxControl } from "../../../../tests/support/sandbox-flows.support";
import { findPayment, findPaymentByOrderId } from "../../../ledger/payments";
import type { ServiceDeps } from "../../deps";
import { codeOf, startTestSandbox, testDeps, testPrincipal } from "../../../../tests/support/services.support";
import { cardInterfaceOf, newOrderId, newPaymentSchema, type NewPaymentInput } from "@/lib/schemas/new-payment";
import { confirmCardPayment } from "./confirm-card-payment";
import { createCardPayment } from "./create-card-payment";
import { readThreeDsView } from "./three-ds-views";

const VISA = "4111111111111111";
const CVV = "987";

function s2s(expMonth: string, over: Partial<NewPaymentInput> = {}): NewPaymentInput {
  return {
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
    expMonth,
    expYear: "2038",
    cvv: CVV,
    ...over,
  } as NewPaymentInput;
}

function formSale(expMonth: string, boxes: { saveCard?: boolean; recurringInit?: boolean } = { saveCard: true }): NewPaymentInput {
  return {
    ...s2s(expMonth),
    address: "12 King Fahd Rd",
    country: "SA",
    city: "Riyadh",
    zip: "12211",
    ...boxes,
  } as NewPaymentInput;
}

describe("newPaymentSchema", () => {
  it("refuses a card failing Luhn, an expired card, a CVV of the wrong length, too many decimals and a phone without country code", () => {
    const r = newPaymentSchema.safeParse({
      ...s2s("01"),
      cardNumber: "4111111111111112",
      expYear: "2020",
      cvv: "1234",
      amount: "1.234",
      phone: "0500000000",
    });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["cardNumber", "expYear", "cvv", "amount", "phone"]));
    expect(JSON.stringify(r.error!.issues)).not.toContain("4111111111111112");
  });
  it("wants 4 CVV digits for Amex, and accepts a valid S2S and form payment", () => {
    expect(newPaymentSchema.safeParse({ ...s2s("01"), cardNumber: "378282246310005", cvv: "123" }).success).toBe(false);
    expect(newPaymentSchema.safeParse({ ...s2s("01"), cardNumber: "378282246310005", cvv: "1234" }).success).toBe(true);
    expect(newPaymentSchema.safeParse(formSale("01")).success).toBe(true);
    expect(newPaymentSchema.safeParse({ ...s2s("01"), amount: "0" }).success).toBe(false);
  });
  it("rule: the interface follows the boxes (form SALE to save the card or start recurring), never a field staff pick", () => {
    expect(cardInterfaceOf(s2s("01"))).toBe("s2s");
    expect(cardInterfaceOf(formSale("01", { saveCard: true }))).toBe("form");
    expect(cardInterfaceOf(formSale("01", { recurringInit: true }))).toBe("form");
    expect(cardInterfaceOf(formSale("01", {}))).toBe("s2s");
  });
  it("rule: the billing address is required only when the form interface needs it", () => {
    expect(newPaymentSchema.safeParse({ ...s2s("01"), address: "", city: "" }).success).toBe(true);
    const r = newPaymentSchema.safeParse({ ...s2s("01"), saveCard: true });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join("."))).toEqual(expect.arrayContaining(["address", "city", "zip", "country"]));
  });
});

describe.each(testDatabaseTargets())("createCardPayment ($name)", { tags: ["gateway-profile"] }, (target) => {
  let database: TestDatabase;
  let sandbox: RunningSandbox;
  let deps: ServiceDeps;
  let staff: Principal;
  let other: Principal;

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox();
    deps = testDeps(database, sandbox.url);
    staff = await testPrincipal(deps.db, "Omar", ["PAYMENTS_CREATE", "TRANSACTIONS_VIEW"]);
    other = await testPrincipal(deps.db, "Other", ["PAYMENTS_CREATE"]);
  });
  afterAll(async () => {
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  it("threat: a phone order of SAR 99,999,999,999.99 by a slip. Refused naming the limit; above CHARGE_CONFIRM_ABOVE only once that amount is confirmed", async () => {
    const said = (confirmation: string | null) => ({ deps, principal: staff, ip: null, chargeConfirmation: async () => confirmation });
    const huge = s2s("01", { amount: "99999999999.99" });
    const refused = await createCardPayment(said(null), huge).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "unprocessable", fields: { amount: ["At most SAR 1000000.00."] } });
    expect(await findPaymentByOrderId(deps.db, huge.orderId)).toBeNull();
    const big = s2s("01", { amount: "25000.00" });
    const ask = await createCardPayment(said(null), big).catch((e: unknown) => e);
    expect(ask).toMatchObject({ code: "confirmation_required", confirm: "SAR:2500000" });
    expect((ask as AppError).message).toBe(
      "You are about to charge SAR 25000.00 to VISA •••• 1111. Check the amount with the customer, then confirm.",
    );
    expect(await findPaymentByOrderId(deps.db, big.orderId)).toBeNull();
    const done = await createCardPayment(said("SAR:2500000"), big);
    expect(done.status).toBe("captured");
    const [row] = await deps.db.select().from(auditLog).where(eq(auditLog.targetId, done.paymentId)).limit(1);
    expect(row!.summary).toMatchObject({ largeChargeConfirmed: true });
  });

  it("S2S frictionless sale: captured, with BIN6/last4/brand/expiry only, audited", async () => {
    const r = await createCardPayment({ deps, principal: staff, ip: "203.0.113.7" }, s2s("01"));
    // The result card's facts: amount and the card's brand and last four (nothing more of the card).
    expect(r).toMatchObject({
      status: "captured",
      threeDsViewId: null,
      currency: "SAR",
      amountMinor: 2550,
      card: { brand: "VISA", last4: "1111" },
    });
    const p = (await findPayment(deps.db, r.paymentId))!;
    expect(p).toMatchObject({
      kind: "s2s_sale",
      amountMinor: 2550,
      capturedMinor: 2550,
      cardBin6: "411111",
      cardLast4: "1111",
      cardBrand: "VISA",
      cardExpiry: "01/2038",
      createdBy: staff.userId,
    });
    expect(p.gatewayId).toBeTruthy();
    const audits = await deps.db.select().from(auditLog).where(eq(auditLog.targetId, r.paymentId));
    expect(audits.map((a) => a.action)).toEqual(["payment.create", "payment.gateway_result"]);
  });

  it("S2S authorize: authorized, its intent recorded (staff read 'Authorization'); a sale's is 'sale'; declined card: declined", async () => {
    const a = await createCardPayment({ deps, principal: staff, ip: null }, s2s("01", { auth: "authorize" }));
    expect(a.status).toBe("authorized");
    expect((await findPayment(deps.db, a.paymentId))!).toMatchObject({ authorizedMinor: 2550, capturedMinor: 0, intent: "authorize" });
    const sale = await createCardPayment({ deps, principal: staff, ip: null }, s2s("01"));
    expect((await findPayment(deps.db, sale.paymentId))!).toMatchObject({ status: "captured", intent: "sale" });
    const d = await createCardPayment({ deps, principal: staff, ip: null }, s2s("02"));
    expect(d.status).toBe("declined");
  });

  it("refuses without PAYMENTS_CREATE, and a used order id", async () => {
    const reader = await testPrincipal(deps.db, "Reader", ["TRANSACTIONS_VIEW"]);
    expect(await codeOf(createCardPayment({ deps, principal: reader, ip: null }, s2s("01")))).toBe("forbidden");
    const input = s2s("01");
    await createCardPayment({ deps, principal: staff, ip: null }, input);
    expect(await codeOf(createCardPayment({ deps, principal: staff, ip: null }, input))).toBe("conflict");
  });

  it("challenge: awaiting_3ds, page kept for its user only; after the customer's answer, confirm → captured", async () => {
    const r = await createCardPayment({ deps, principal: staff, ip: null }, s2s("05"));
    expect(r.status).toBe("awaiting_3ds");
    expect(r.threeDsViewId).toBeTruthy();
    const view = await readThreeDsView(deps.db, r.threeDsViewId!, staff.userId);
    expect(view?.html).toContain('name="otp"');
    expect(await readThreeDsView(deps.db, r.threeDsViewId!, other.userId)).toBeNull();
    expect(await codeOf(confirmCardPayment({ deps, principal: other, ip: null }, { paymentId: r.paymentId }))).toBe("not_found");
    // Before the customer answers, the status query keeps it waiting.
    expect((await confirmCardPayment({ deps, principal: staff, ip: null }, { paymentId: r.paymentId })).status).toBe("awaiting_3ds");
    const p = (await findPayment(deps.db, r.paymentId))!;
    expect((await sandboxControl(sandbox.url).answerChallenge(p.gatewayId!, "1234")).status).toBe(200);
    const c = await confirmCardPayment({ deps, principal: staff, ip: null }, { paymentId: r.paymentId });
    expect(c).toMatchObject({ status: "captured", capturedMinor: 2550 });
    expect(await readThreeDsView(deps.db, r.threeDsViewId!, staff.userId)).toBeNull();
  });

  it("challenge declined by the bank → declined after confirm", async () => {
    const r = await createCardPayment({ deps, principal: staff, ip: null }, s2s("06"));
    expect(r.status).toBe("awaiting_3ds");
    const p = (await findPayment(deps.db, r.paymentId))!;
    await sandboxControl(sandbox.url).answerChallenge(p.gatewayId!, "0000");
    expect((await confirmCardPayment({ deps, principal: staff, ip: null }, { paymentId: r.paymentId })).status).toBe("declined");
  });

  it("form interface (card saved): SALE then collector page in the frame; after the challenge, confirm → authorized", async () => {
    const input = { ...formSale("05"), auth: "authorize" } as NewPaymentInput;
    const r = await createCardPayment({ deps, principal: staff, ip: "203.0.113.7" }, input);
    expect(r.status).toBe("awaiting_3ds");
    expect((await readThreeDsView(deps.db, r.threeDsViewId!, staff.userId))?.html).toContain('name="otp"');
    const p = (await findPayment(deps.db, r.paymentId))!;
    expect(p.kind).toBe("sale");
    await sandboxControl(sandbox.url).answerChallenge(p.gatewayId!, "1234");
    expect((await confirmCardPayment({ deps, principal: staff, ip: null }, { paymentId: r.paymentId })).status).toBe("authorized");
  });

  // No invented data: payer_ip is the staff member's address (the card is entered there), in IPv4 as the gateway takes it.
  it("payer_ip of a staff-entered card sale is the staff member's IPv4 address, an IPv4-mapped one unwrapped", async () => {
    const r = await createCardPayment({ deps, principal: staff, ip: "::ffff:198.51.100.23" }, formSale("05"));
    expect(r.status).toBe("awaiting_3ds");
    const p = (await findPayment(deps.db, r.paymentId))!;
    expect(p.payerIp).toBe("198.51.100.23");
    expect(sandbox.state.payment(p.gatewayId!)!.payer.ip).toBe("198.51.100.23");
  });

  it("without an IPv4 address (IPv6 only, or none) the form sale is refused, saying why, before anything is stored or sent", async () => {
    for (const ip of ["2001:db8::42", null]) {
      const input = formSale("01");
      const before = Object.keys(sandbox.state.data.payments).length;
      const e = await createCardPayment({ deps, principal: staff, ip }, input).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).code).toBe("unprocessable");
      expect((e as AppError).userMessage).toMatch(/IPv4 address.*nothing was charged/);
      expect(await findPaymentByOrderId(deps.db, input.orderId)).toBeNull();
      expect(Object.keys(sandbox.state.data.payments).length).toBe(before);
    }
  });

  it("an S2S sale sends no payer IP; the ledger keeps the staff member's IPv4 address for a later partial refund", async () => {
    const r = await createCardPayment({ deps, principal: staff, ip: "203.0.113.7" }, s2s("01"));
    expect((await findPayment(deps.db, r.paymentId))!.payerIp).toBe("203.0.113.7");
    const v6 = await createCardPayment({ deps, principal: staff, ip: "2001:db8::42" }, s2s("01"));
    expect((await findPayment(deps.db, v6.paymentId))!.payerIp).toBeNull();
  });

  it("#16 payer_zip: longer than the profile's maximum (GATEWAY_PAYER_ZIP_MAX_LENGTH=5) is refused before any ledger row", async () => {
    const capped = testDeps(database, sandbox.url, { GATEWAY_PAYER_ZIP_MAX_LENGTH: "5" });
    try {
      const input = { ...formSale("01"), zip: "122111" } as NewPaymentInput;
      expect(await codeOf(createCardPayment({ deps: capped, principal: staff, ip: "203.0.113.7" }, input))).toBe("invalid_request");
      expect(await findPaymentByOrderId(deps.db, input.orderId)).toBeNull();
    } finally {
      await capped.gateway.close();
    }
  });

  it("no answer from the gateway after sending: unknown (the reconciler settles it), no 3-D Secure view", async () => {
    await sandboxControl(sandbox.url).addFault({ operation: "s2s_sale", fault: "reset", phase: "after", times: 1 });
    try {
      const r = await createCardPayment({ deps, principal: staff, ip: null }, s2s("01"));
      expect(r).toMatchObject({ status: "unknown", threeDsViewId: null });
    } finally {
      await sandboxControl(sandbox.url).clearFaults();
    }
  });

  it("no card number or CVV in any table afterwards", async () => {
    const res = (await deps.db.execute(
      sql.raw("select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1"),
    )) as unknown as { rows?: Array<{ table_name: string }> } | Array<{ table_name: string }>;
    const tables = Array.isArray(res) ? res : res.rows!;
    expect(tables.length).toBeGreaterThan(3);
    let rowsSeen = 0;
    for (const { table_name } of tables) {
      const rr = (await deps.db.execute(sql.raw(`select row_to_json(t)::text as row from "${table_name}" t`))) as unknown as
        { rows?: Array<{ row: string }> } | Array<{ row: string }>;
      const rows = Array.isArray(rr) ? rr : rr.rows!;
      rowsSeen += rows.length;
      for (const { row } of rows) {
        expect(scanForCardData(row), `card data in ${table_name}`).toEqual([]);
        expect(row).not.toContain(VISA);
        // A stored CVV would be a string value (JSON) or a form field; a bare "987" also occurs by chance in
        // timestamps (".987Z") and is not evidence. CVV-named keys are checked by scanForCardData above.
        expect(row).not.toContain(`"${CVV}"`);
        expect(row).not.toMatch(new RegExp(`=${CVV}(?![0-9])`));
      }
    }
    expect(rowsSeen).toBeGreaterThan(10);
  });
});

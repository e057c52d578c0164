// Rules guarded (real sandbox over HTTP, real database): under GATEWAY_AMOUNT_DECIMALS=two, KWD amounts reach the
// gateway with two places and pay, capture and refund end to end against a sandbox that takes nothing else; an amount
// with a third decimal (KWD 12.345) has no two-place form and is refused before anything is stored or sent, for a new
// payment, a capture and a refund alike: money is never rounded on its way to the gateway.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../../../sandbox/server";
import { sandboxProfileOf } from "../../../sandbox/profile";
import type { Principal } from "../../auth/principal";
import { paymentActions } from "../../db/schema";
import { findPayment, findPaymentByOrderId } from "../../ledger/payments";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { profileEnv } from "../../../tests/support/profile-env.support";
import { codeOf, testDeps, testPrincipal } from "../../../tests/support/services.support";
import { newOrderId, type NewPaymentInput } from "@/lib/schemas/new-payment";
import type { ServiceDeps } from "../deps";
import { AppError } from "../../errors";
import { requestRefund } from "../refunds/request-refund";
import { capturePayment } from "./capture-payment";
import { createCardPayment } from "./new/create-card-payment";

const key = () => crypto.randomUUID();

function kwd(amount: string, auth: "sale" | "authorize" = "authorize"): NewPaymentInput {
  return {
    orderId: newOrderId(),
    amount,
    currency: "KWD",
    description: "Phone order",
    auth,
    firstName: "Amal",
    lastName: "Haddad",
    email: "amal.haddad@example.com",
    phone: "+96550000000",
    cardNumber: "4111111111111111",
    expMonth: "01",
    expYear: "2038",
    cvv: "123",
  } as NewPaymentInput;
}

describe.each(testDatabaseTargets())("GATEWAY_AMOUNT_DECIMALS=two ($name)", { tags: ["gateway-profile"] }, (target) => {
  let database: TestDatabase;
  let sandbox: RunningSandbox;
  let deps: ServiceDeps;
  let staff: Principal;
  const requests: string[] = [];

  beforeAll(async () => {
    database = await target.open();
    const env = { ...profileEnv(), GATEWAY_AMOUNT_DECIMALS: "two" };
    sandbox = await startSandbox({
      port: 0,
      dataDir: null,
      callbackUrl: null,
      profile: sandboxProfileOf(env),
      log: (l) => requests.push(l),
    });
    deps = testDeps(database, sandbox.url, env);
    staff = await testPrincipal(deps.db, "Omar", ["PAYMENTS_CREATE", "CAPTURES_CREATE", "REFUNDS_CREATE", "TRANSACTIONS_VIEW"]);
  });
  afterAll(async () => {
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  it("KWD 12.34 is authorized, 10.00 of it captured and 1.23 refunded, each sent with two places", async () => {
    const ctx = { deps, principal: staff, ip: "203.0.113.7" };
    const r = await createCardPayment(ctx, kwd("12.34"));
    expect(r).toMatchObject({ status: "authorized", amountMinor: 12_340, currency: "KWD" });
    const c = await capturePayment(ctx, { paymentId: r.paymentId, amount: "10.00", idempotencyKey: key() });
    expect(c.action.state).toBe("succeeded");
    const f = await requestRefund(ctx, {
      paymentId: r.paymentId,
      amount: "1.23",
      reasonCode: "customer_request",
      note: "",
      idempotencyKey: key(),
    });
    expect(f.action.state).toBe("succeeded");
    expect(await findPayment(deps.db, r.paymentId)).toMatchObject({
      capturedMinor: 10_000,
      refundedMinor: 1_230,
      status: "partially_refunded",
    });
  });

  it("KWD 12.345 is refused with the reason before anything is stored or sent", async () => {
    const input = kwd("12.345", "sale");
    const before = requests.length;
    const e = await createCardPayment({ deps, principal: staff, ip: "203.0.113.7" }, input).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe("unprocessable");
    expect((e as AppError).userMessage).toBe(
      "The gateway takes KWD amounts with two decimal places, so KWD 12.345 cannot be sent as it is. Nothing was sent to the gateway.",
    );
    expect((e as AppError).fields).toEqual({ amount: ["KWD amounts have at most 2 decimal places."] });
    expect(await findPaymentByOrderId(deps.db, input.orderId)).toBeNull();
    expect(requests.length).toBe(before);
  });

  it("a capture or refund of a third decimal is refused the same way, no action stored", async () => {
    const ctx = { deps, principal: staff, ip: "203.0.113.7" };
    const r = await createCardPayment(ctx, kwd("5.00"));
    expect(await codeOf(capturePayment(ctx, { paymentId: r.paymentId, amount: "1.005", idempotencyKey: key() }))).toBe("unprocessable");
    expect(await deps.db.select().from(paymentActions).where(eq(paymentActions.paymentId, r.paymentId))).toEqual([]);
    await capturePayment(ctx, { paymentId: r.paymentId, amount: "5.00", idempotencyKey: key() });
    const refund = { paymentId: r.paymentId, amount: "0.125", reasonCode: "customer_request", note: "", idempotencyKey: key() };
    expect(await codeOf(requestRefund(ctx, refund))).toBe("unprocessable");
    const actions = await deps.db.select().from(paymentActions).where(eq(paymentActions.paymentId, r.paymentId));
    expect(actions.map((a) => a.type)).toEqual(["capture"]);
  });
});

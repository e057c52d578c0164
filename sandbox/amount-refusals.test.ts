// Rules guarded: a malformed amount is refused on every endpoint that takes one, with the error shape the contract
// and the protocol notes give for bad input there, and nothing is charged, captured or refunded.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditvoidHash, partialRefundHash } from "../server/gateway/signing";
import type { RunningSandbox } from "./server";
import {
  D,
  api,
  capture,
  creditvoid,
  orderOf,
  partialRefund,
  pay,
  postForm,
  recurringFields,
  s2sBody,
  sale,
  start,
  type Json,
} from "../tests/support/sandbox-client.support";

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

/** Protocol notes, "Error codes of the family": the flat ERROR of /payment/post, 100000 request data invalid. */
const formRefusal = (field: string) => ({
  result: "ERROR",
  error_code: 100000,
  error_message: "Request data is invalid.",
  errors: [{ error_code: 100000, error_message: `${field}: must be written with 2 decimal places (e.g. 10.50) for SAR` }],
});

describe("form interface (/payment/post): ERROR 100000, request data invalid", () => {
  it("SALE refuses order_amount 10.5 where two decimals are required, and creates no payment", async () => {
    const before = Object.keys(sb.state.data.payments).length;
    const { status, body } = await sale(sb, { amount: "10.5" });
    expect(status).toBe(400);
    expect(body).toEqual(formRefusal("order_amount"));
    expect(Object.keys(sb.state.data.payments)).toHaveLength(before);
  });

  it("SALE refuses order_amount 10 (no decimals) and 1e3 (exponent form)", async () => {
    expect((await sale(sb, { amount: "10" })).body).toEqual(formRefusal("order_amount"));
    expect((await sale(sb, { amount: "1e3" })).body).toEqual(formRefusal("order_amount"));
  });

  it("CAPTURE refuses amount 10.5 (correctly signed) and captures nothing", async () => {
    const id = await pay(sb, { auth: true, amount: "20.00" });
    const { status, body } = await capture(sb, id, "10.5");
    expect(status).toBe(400);
    expect(body).toEqual(formRefusal("amount"));
    expect(sb.state.payment(id)).toMatchObject({ state: "pending", capturedMinor: 0 });
  });

  it("CREDITVOID refuses amount 10.5 even when the hash covers exactly that string, and refunds nothing", async () => {
    const id = await pay(sb, { amount: "20.00" });
    const hash = creditvoidHash({ transId: id, amount: "10.5", secret: D.merchantSecret });
    const { status, body } = await creditvoid(sb, id, "10.5", hash);
    expect(status).toBe(400);
    expect(body).toEqual(formRefusal("amount"));
    expect(sb.state.payment(id)!.refundedMinor).toBe(0);
  });

  it("RECURRING_SALE refuses order_amount 25.00 where whole digits only are allowed (contract 4.6)", async () => {
    const first = await pay(sb, { extra: { recurring_init: "Y" } });
    const token = sb.state.payment(first)!.recurringToken!;
    const res = await postForm(sb, "/payment/post", recurringFields(first, token, "25.00"));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      result: "ERROR",
      error_code: 100000,
      error_message: "Request data is invalid.",
      errors: [{ error_code: 100000, error_message: "order_amount: must be whole digits only (e.g. 10), greater than zero" }],
    });
  });
});

describe("partial refund (/payment/refund): the wrapper with statusCode 400", () => {
  it("refuses amount 10.5 (correctly signed) with statusCode 400 and a message, and refunds nothing", async () => {
    const id = await pay(sb, { amount: "20.00" });
    const over = { hash: partialRefundHash({ gwayId: id, amount: "10.5", secret: D.merchantSecret }) };
    const { status, body } = await partialRefund(sb, id, orderOf(sb, id), "10.5", over);
    expect(status).toBe(400);
    expect(body).toEqual({
      statusCode: 400,
      responseBody: { message: "amount must be written with 2 decimal places (e.g. 10.50) for SAR" },
    });
    expect(sb.state.payment(id)!.refundedMinor).toBe(0);
  });
});

describe('JSON interface: envelope code 400, errorCode "400", data null', () => {
  const refusedEnvelope = (message: string) => ({ code: 400, errorCode: "400", data: null, message });

  it("S2S sale refuses amount 10.123 (three decimals for SAR)", async () => {
    const r = await api(sb, "POST", "/api/v1/payment-gateway/s2s/sale", { ...s2sBody(), amount: 10.123 });
    expect(r.status).toBe(400);
    expect(r.body).toEqual(refusedEnvelope("Validation failed: amount has more than 2 decimal places for SAR"));
  });

  it('hosted initiate refuses the string "10.5" where two decimals are required', async () => {
    const r = await api(sb, "POST", "/api/v1/payment-gateway/initiate", {
      orderId: `amount-${Date.now()}`,
      currency: "SAR",
      amount: "10.5",
      auth: "N",
      customerDetails: { name: "Noura Test", email: "payer@example.com", phone: "+966500000000" },
      successUrl: "https://merchant.example/ok",
      failureUrl: "https://merchant.example/fail",
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual(refusedEnvelope("Validation failed: amount must be written with 2 decimal places (e.g. 10.50) for SAR"));
  });
});

describe("recurring v2: the wrapper with statusCode 400", () => {
  it("refuses amount 12.345 (three decimals for SAR) and charges nothing", async () => {
    const first = await pay(sb, { extra: { recurring_init: "Y" } });
    const token = sb.state.payment(first)!.recurringToken!;
    const before = Object.keys(sb.state.data.payments).length;
    const order = { number: `v2-${Date.now()}`, amount: 12.345, currency: "SAR", description: "Monthly plan" };
    const r = await api(sb, "POST", "/api/v2/payment-gateway/recurring", {
      transactionId: "tx-1",
      recurringToken: token,
      amount: 12.345,
      order,
    });
    expect(r.body as Json).toEqual({
      statusCode: 400,
      responseBody: { message: "Validation failed: amount has more than 2 decimal places for SAR" },
    });
    expect(Object.keys(sb.state.data.payments)).toHaveLength(before);
  });
});

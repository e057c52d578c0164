// Rule guarded (the one the whole project guards): the sum of refunds never exceeds the captured amount, through
// CREDITVOID, the partial-refund endpoint, or both at once, sequentially or concurrently.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditvoidHash, partialRefundHash } from "../server/gateway/signing";
import type { RunningSandbox } from "./server";
import { D, capture, creditvoid, orderOf, partialRefund, pay, postJson, start } from "../tests/support/sandbox-client.support";

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

const OVER = {
  result: "ERROR",
  error_code: 100000,
  error_message: "Request data is invalid.",
  errors: [{ error_code: 100001, error_message: "Refund amount cannot be greater than the order amount" }],
};

describe("CREDITVOID", () => {
  it("partial refunds are accepted while their sum stays within the captured amount, each with its own payment_id", async () => {
    const id = await pay(sb, { amount: "100.00" });
    const a = await creditvoid(sb, id, "30.00");
    const b = await creditvoid(sb, id, "70.00");
    expect(a).toMatchObject({ status: 200, body: { result: "accepted" } });
    expect(b.body.result).toBe("accepted");
    expect(a.body.payment_id).not.toBe(b.body.payment_id);
    expect(sb.state.payment(id)).toMatchObject({ state: "refunded", refundedMinor: 10000 });
  });

  it("a refund above what remains is the contract's 100001 row, and nothing is refunded", async () => {
    const id = await pay(sb, { amount: "100.00" });
    await creditvoid(sb, id, "60.00");
    const { status, body } = await creditvoid(sb, id, "40.01");
    expect(status).toBe(400);
    expect(body).toEqual(OVER);
    expect(sb.state.payment(id)!.refundedMinor).toBe(6000);
  });

  it("after a partial capture only the captured amount can be refunded", async () => {
    const id = await pay(sb, { auth: true, amount: "100.00" });
    await capture(sb, id, "25.00");
    expect((await creditvoid(sb, id, "25.01")).body).toEqual(OVER);
    expect((await creditvoid(sb, id, "25.00")).body.result).toBe("accepted");
    expect(sb.state.payment(id)!.state).toBe("refunded");
  });

  it("an uncaptured (authorized only) payment cannot be refunded (208005)", async () => {
    const id = await pay(sb, { auth: true });
    expect((await creditvoid(sb, id, "1.00")).body).toMatchObject({ result: "ERROR", error_code: 208005 });
  });

  it("the hash covers the amount exactly as sent: '10' signed, '10.00' sent is refused", async () => {
    const id = await pay(sb);
    const { body } = await creditvoid(sb, id, "10.00", creditvoidHash({ transId: id, amount: "10", secret: D.merchantSecret }));
    expect(body.errors).toContainEqual({ error_code: 100000, error_message: "Invalid Hash value" });
    expect((await creditvoid(sb, id, "10.00")).body.result).toBe("accepted");
  });
});

describe("partial refund endpoint", () => {
  it("accepts a partial refund in the statusCode/responseBody wrapper", async () => {
    const id = await pay(sb, { amount: "100.00" });
    const { status, body } = await partialRefund(sb, id, orderOf(sb, id), "10.00");
    expect(status).toBe(200);
    expect(body.statusCode).toBe(200);
    expect(body.responseBody.result).toBe("accepted");
    expect(body.responseBody.payment_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refuses an amount equal to or above the original amount", async () => {
    const id = await pay(sb, { amount: "100.00" });
    const { body } = await partialRefund(sb, id, orderOf(sb, id), "100.00");
    expect(body).toEqual({ statusCode: 400, responseBody: { message: "Partial refund amount must be less than the original amount" } });
  });

  it("refuses an amount above what remains refundable", async () => {
    const id = await pay(sb, { amount: "100.00" });
    await partialRefund(sb, id, orderOf(sb, id), "90.00");
    const { body } = await partialRefund(sb, id, orderOf(sb, id), "10.01");
    expect(body.responseBody).toEqual({ message: "Refund amount exceeds the refundable amount" });
  });

  it("says 'Refund is already initiated.' when nothing is left to refund", async () => {
    const id = await pay(sb, { amount: "100.00" });
    await creditvoid(sb, id, "100.00");
    const { body } = await partialRefund(sb, id, orderOf(sb, id), "1.00");
    expect(body).toEqual({ statusCode: 400, responseBody: { message: "Refund is already initiated." } });
  });

  it("takes the same partial refund again (same payment and amount) for a retry: 'Refund is already initiated.'", async () => {
    const id = await pay(sb, { amount: "100.00" });
    expect((await partialRefund(sb, id, orderOf(sb, id), "10.00")).body.responseBody).toMatchObject({ result: "accepted" });
    const { body } = await partialRefund(sb, id, orderOf(sb, id), "10.00");
    expect(body).toEqual({ statusCode: 400, responseBody: { message: "Refund is already initiated." } });
    // Another amount is another refund; the same amount by CREDITVOID (which takes partial amounts) is accepted.
    expect((await partialRefund(sb, id, orderOf(sb, id), "10.01")).body.responseBody).toMatchObject({ result: "accepted" });
    expect((await creditvoid(sb, id, "10.00")).body).toMatchObject({ result: "accepted" });
  });

  it("a bad hash answers the plain-string wrapper; a wrong merchant and a wrong order are refused", async () => {
    const id = await pay(sb);
    const order = orderOf(sb, id);
    expect((await partialRefund(sb, id, order, "1.00", { hash: "f".repeat(40) })).body).toEqual({
      statusCode: 400,
      responseBody: "Invalid Hash value",
    });
    expect((await partialRefund(sb, id, order, "1.00", { gateway_merchant_id: "other" })).body.responseBody).toEqual({
      message: "Invalid Client Key / Merchant ID",
    });
    expect((await partialRefund(sb, id, "another-order", "1.00")).body.statusCode).toBe(400);
    expect(sb.state.payment(id)!.refundedMinor).toBe(0);
  });

  it("an unknown payment is 404 Payment not found", async () => {
    const gwayId = "00000000-0000-4000-8000-000000000001";
    const { status, body } = await partialRefund(sb, gwayId, "x", "1.00");
    expect(status).toBe(404);
    expect(body).toEqual({ statusCode: 404, responseBody: { message: "Payment not found" } });
  });

  it("the merchant field name is configurable (protocol family)", async () => {
    const other = await start({ partialRefundMerchantField: "xyz_merchant_id" });
    try {
      const id = await pay(other, { amount: "20.00" });
      const body = {
        gwayId: id,
        order_id: orderOf(other, id),
        xyz_merchant_id: D.clientKey,
        hash: partialRefundHash({ gwayId: id, amount: "5.00", secret: D.merchantSecret }),
        payer_ip: "203.0.113.7",
        amount: "5.00",
      };
      expect((await (await postJson(other, "/payment/refund", body)).json()).responseBody.result).toBe("accepted");
    } finally {
      await other.close();
    }
  });
});

describe("refund total under concurrency", () => {
  it("40 concurrent refunds through both endpoints never take more than the captured amount", async () => {
    const id = await pay(sb, { amount: "100.00" });
    const order = orderOf(sb, id);
    const calls = Array.from({ length: 40 }, (_, i) => (i % 2 ? creditvoid(sb, id, "7.00") : partialRefund(sb, id, order, "7.00")));
    const results = await Promise.all(calls);
    const accepted = results.filter((r) => r.body.result === "accepted" || r.body.responseBody?.result === "accepted");
    expect(accepted.length).toBe(14); // 14 × 7.00 = 98.00 ≤ 100.00 < 15 × 7.00
    const p = sb.state.payment(id)!;
    expect(p.refundedMinor).toBe(9800);
    expect(p.refunds.reduce((s, r) => s + r.amountMinor, 0)).toBeLessThanOrEqual(p.capturedMinor);
  });
});

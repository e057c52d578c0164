// Rules guarded: the status call follows the payment through every state and refuses bad hashes; transaction
// details carry every field of contract 2.9 in its formats; S2S sales are authenticated twice (key and hash).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "./server";
import {
  D,
  EMAIL,
  api,
  capture,
  collect,
  creditvoid,
  orderOf,
  pay,
  postJson,
  s2sBody,
  sale,
  start,
  status,
  voidIt,
} from "../tests/support/sandbox-client.support";

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

const statusOf = async (id: string) => (await status(sb, id, orderOf(sb, id))).body.responseBody;

describe("payment status", () => {
  it("reports redirect → pending → settled → settled (partly refunded) → refunded", async () => {
    const s = await sale(sb, { auth: true, amount: "40.00" });
    const id = s.body.trans_id;
    expect((await statusOf(id)).status).toBe("REDIRECT");
    await collect(sb, s.body);
    expect((await statusOf(id)).status).toBe("PENDING");
    await capture(sb, id, "40.00");
    expect((await statusOf(id)).status).toBe("settled");
    await creditvoid(sb, id, "10.00");
    expect((await statusOf(id)).status).toBe("settled");
    await creditvoid(sb, id, "30.00");
    expect((await statusOf(id)).status).toBe("REFUND");
  });

  it("reports voided and TXN_FAILURE", async () => {
    const a = await pay(sb, { auth: true });
    await voidIt(sb, a);
    expect((await statusOf(a)).status).toBe("VOID");
    const b = await pay(sb, { exp: "02/2038" });
    expect(await statusOf(b)).toMatchObject({ status: "TXN_FAILURE", reason: "FAILURE" });
  });

  it("has the 2.5 fields and formats", async () => {
    const id = await pay(sb, { amount: "12.30" });
    const { status: code, body } = await status(sb, id, orderOf(sb, id));
    expect(code).toBe(200);
    expect(body.statusCode).toBe(200);
    const r = body.responseBody;
    expect(r.date).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    expect(r).toMatchObject({ brand: "VISA", payment_id: id, customer: { name: "Noura Test", email: EMAIL } });
    expect(r.order).toEqual({ number: orderOf(sb, id), amount: "12.30", currency: "SAR", description: "Test order" });
    expect(r.rrn).toMatch(/^\d{12}$/);
  });

  it("a bad hash is 400 'Invalid Hash value'; an unknown payment is 404", async () => {
    const id = await pay(sb);
    expect((await status(sb, id, orderOf(sb, id), "a".repeat(40))).body).toEqual({ statusCode: 400, responseBody: "Invalid Hash value" });
    const unknown = await status(sb, "00000000-0000-4000-8000-000000000009", "x");
    expect(unknown.body).toEqual({ statusCode: 404, responseBody: { message: "Payment not found" } });
  });
});

describe("S2S sale", () => {
  it("a frictionless card settles at once (or stays PENDING with auth=Y)", async () => {
    const ok = await api(sb, "POST", "/api/v1/payment-gateway/s2s/sale", s2sBody());
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ code: 200, message: "Success", errorCode: null, data: { result: "Success", status: "SETTLED" } });
    expect(ok.body.data.paymentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(ok.body.data.acquirerPaymentId).toBeTruthy();
    const auth = await api(sb, "POST", "/api/v1/payment-gateway/s2s/sale", s2sBody({ auth: true }));
    expect(auth.body.data.status).toBe("PENDING");
  });

  it("a declined card answers Declined with a reason", async () => {
    const r = await api(sb, "POST", "/api/v1/payment-gateway/s2s/sale", s2sBody({ exp: "02/2038" }));
    expect(r.body.data).toMatchObject({ result: "Declined", status: "DECLINED", declineReason: "Transaction declined by issuer" });
  });

  it("a challenge card answers Pending with a complete challenge page that returns to successUrl", async () => {
    const r = await api(sb, "POST", "/api/v1/payment-gateway/s2s/sale", s2sBody({ exp: "05/2038" }));
    expect(r.body.data).toMatchObject({ result: "Pending", status: "SUCCESS" });
    const html = r.body.data.html as string;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('name="otp"');
    const id = r.body.data.paymentId;
    const res = await fetch(`${sb.url}/payment/challenge/${id}`, { method: "POST", body: new URLSearchParams({ otp: "1234" }) });
    const page = await res.text();
    expect(page).toContain('action="https://merchant.example/ok"');
    expect(page).toContain('name="x" value="1"');
    expect(page).toContain(`name="paymentId" value="${id}"`);
    expect(sb.state.payment(id)!.state).toBe("settled");
  });

  it("a bad hash is envelope 400 'Invalid Hash value' and creates no payment", async () => {
    const before = Object.keys(sb.state.data.payments).length;
    const r = await api(sb, "POST", "/api/v1/payment-gateway/s2s/sale", { ...s2sBody(), hash: "0".repeat(32) });
    expect(r).toEqual({ status: 400, body: { code: 400, message: "Invalid Hash value", errorCode: "400", data: null } });
    expect(Object.keys(sb.state.data.payments).length).toBe(before);
  });

  it("the hash is computed with the key that authenticates the call", async () => {
    const r = await api(
      sb,
      "POST",
      "/api/v1/payment-gateway/s2s/sale",
      s2sBody({ apiKey: "sandbox-api-key-merchant" }),
      "sandbox-api-key-merchant",
    );
    expect(r.body.data.result).toBe("Success");
  });

  it("a duplicate orderId is 409; a missing or unknown API key is 401", async () => {
    const body = s2sBody();
    await api(sb, "POST", "/api/v1/payment-gateway/s2s/sale", body);
    const dup = await api(sb, "POST", "/api/v1/payment-gateway/s2s/sale", body);
    expect(dup.body).toMatchObject({ code: 409, errorCode: "409", message: "Duplicate orderId", data: null });
    const none = await postJson(sb, "/api/v1/payment-gateway/s2s/sale", s2sBody());
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ code: 401, errorCode: "401", message: "Invalid API key", data: null });
    expect((await api(sb, "POST", "/api/v1/payment-gateway/s2s/sale", s2sBody(), "wrong")).status).toBe(401);
  });

  it("validation errors are envelope 400", async () => {
    const r = await api(sb, "POST", "/api/v1/payment-gateway/s2s/sale", { ...s2sBody(), paymentMethod: "cash", currency: "XXX" });
    expect(r.body.code).toBe(400);
    expect(r.body.message).toMatch(/paymentMethod/);
  });
});

describe("transaction details", () => {
  it("carries every 2.9 field in its format", async () => {
    const id = await pay(sb, { amount: "100.00" });
    await creditvoid(sb, id, "25.00");
    const r = await api(sb, "GET", `/api/v1/transactions/${id}/details`);
    expect(r.status).toBe(200);
    const t = r.body.data.transactionDetails;
    expect(t).toMatchObject({
      transactionId: id,
      amount: "100.00",
      currencyCode: "682",
      paymentStatus: "APPROVED",
      transactionStatus: "SUCCESS",
      channel: "PAYMENT_GATEWAY",
      cardScheme: "VC",
      pan: "4111 11** **** 1111",
      cardExpiration: "2038/01",
      totalRefundAmount: "25.00",
      refundStatus: "PARTIAL",
      businessUnitId: D.businessUnitId,
      settlementStatus: "NOT_SETTLED",
      declineReason: null,
      recurringToken: null,
    });
    expect(t.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/);
    expect(t.finishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/);
    const h = r.body.data.businessUnitHierarchy;
    expect(h).toMatchObject({ businessUnitId: D.businessUnitId, businessUnitType: "MERCHANT", children: null });
    expect(h.parent.parent.parent).toBeNull();
  });

  it("refundStatus becomes FULL after a full refund", async () => {
    const id = await pay(sb, { amount: "10.00" });
    await creditvoid(sb, id, "10.00");
    const r = await api(sb, "GET", `/api/v1/transactions/${id}/details`);
    expect(r.body.data.transactionDetails).toMatchObject({ refundStatus: "FULL", totalRefundAmount: "10.00" });
  });

  it("an unknown id is the contract's 404 envelope", async () => {
    const r = await api(sb, "GET", "/api/v1/transactions/abc/details");
    expect(r).toEqual({
      status: 404,
      body: { code: 404, errorCode: "404", data: null, message: "entity Transaction not found for fields [id] and values [abc]" },
    });
  });
});

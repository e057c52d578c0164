// Rule guarded: the sandbox is as strict as the contract, so that a client regression fails in the tests and not
// against the real gateway. Each item the contract does not allow is refused with the interface's own error shape:
// a content type per action, the S2S sale's required `auth` and numeric amount, a v2 transactionId used twice, and the
// status query's errors in its wrapper. (The SALE's action spelling, card fields and content type: form-sale.test.ts;
// permissions in their input form: admin.test.ts.) The leniencies kept on purpose are pinned too, with their reason.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "./server";
import { captureHash, cardPartsOf, creditvoidHash } from "../server/gateway/signing";
import {
  CARD,
  D,
  EMAIL,
  api,
  orderId,
  orderOf,
  pay,
  postForm,
  postJson,
  recurringFields,
  s2sBody,
  start,
} from "../tests/support/sandbox-client.support";

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

const S2S = "/api/v1/payment-gateway/s2s/sale";

describe("content type per action of /payment/post", () => {
  it("CAPTURE, VOID and CREDITVOID sent multipart (not urlencoded, 4.3/4.4) are refused (ERROR 100000); nothing moves", async () => {
    const auth = await pay(sb, { amount: "10.00", auth: true });
    const hash = captureHash({ email: EMAIL, secret: D.merchantSecret, transId: auth, card: cardPartsOf(CARD) });
    const requests: Array<Record<string, string>> = [
      { action: "CAPTURE", client_key: D.clientKey, trans_id: auth, amount: "10.00", hash },
      { action: "VOID", client_key: D.clientKey, trans_id: auth, hash },
    ];
    for (const fields of requests) {
      const res = await postForm(sb, "/payment/post", fields, true);
      expect(res.status, fields.action).toBe(400);
      const body = await res.json();
      expect(body).toMatchObject({ result: "ERROR", error_code: 100000 });
      expect(JSON.stringify(body)).toContain("send urlencoded");
    }
    expect(sb.state.payment(auth)).toMatchObject({ state: "pending", capturedMinor: 0 });

    const settled = await pay(sb, { amount: "10.00" });
    const refund = {
      action: "CREDITVOID",
      client_key: D.clientKey,
      trans_id: settled,
      amount: "10.00",
      hash: creditvoidHash({ transId: settled, amount: "10.00", secret: D.merchantSecret }),
    };
    expect((await postForm(sb, "/payment/post", refund, true)).status).toBe(400);
    expect(sb.state.payment(settled)!.refundedMinor).toBe(0);
    // The same request urlencoded, as the contract gives it, is taken.
    expect(await (await postForm(sb, "/payment/post", refund)).json()).toMatchObject({ result: "accepted" });
  });

  it("kept on purpose: RECURRING_SALE in urlencoded and in JSON (4.6's table says JSON, its example urlencoded)", async () => {
    const id = await pay(sb, { extra: { recurring_init: "Y" } });
    const token = (await api(sb, "GET", `/api/v1/transactions/${id}/details`)).body.data.transactionDetails.recurringToken as string;
    expect(await (await postForm(sb, "/payment/post", recurringFields(id, token, "5"))).json()).toMatchObject({ result: "SUCCESS" });
    expect(await (await postJson(sb, "/payment/post", recurringFields(id, token, "6"))).json()).toMatchObject({ result: "SUCCESS" });
    expect((await postForm(sb, "/payment/post", recurringFields(id, token, "7"), true)).status).toBe(400);
  });
});

describe("S2S sale (4.10)", () => {
  it("without `auth` (required) is refused and creates nothing", async () => {
    const { auth: _auth, ...body } = s2sBody();
    const before = Object.keys(sb.state.data.payments).length;
    const res = await postJson(sb, S2S, body, D.apiKey);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain("auth is required");
    expect(Object.keys(sb.state.data.payments).length).toBe(before);
  });

  it("an amount sent as a string is refused (the field is a number)", async () => {
    const res = await postJson(sb, S2S, { ...s2sBody(), amount: "50.50" }, D.apiKey);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain("amount must be a number");
  });
});

describe("recurring v2 (4.11)", () => {
  it("the same transactionId ('unique id of this recurring transaction') is refused the second time, nothing charged", async () => {
    const id = await pay(sb, { extra: { recurring_init: "Y" } });
    const token = (await api(sb, "GET", `/api/v1/transactions/${id}/details`)).body.data.transactionDetails.recurringToken as string;
    const body = (number: string) => ({
      transactionId: "tx-once",
      recurringToken: token,
      amount: 3,
      order: { number, amount: 3, currency: "SAR", description: "Monthly plan" },
    });
    expect((await api(sb, "POST", "/api/v2/payment-gateway/recurring", body(orderId("v2")))).body).toMatchObject({
      statusCode: 200,
      responseBody: { result: "SUCCESS" },
    });
    const count = Object.keys(sb.state.data.payments).length;
    const again = await api(sb, "POST", "/api/v2/payment-gateway/recurring", body(orderId("v2")));
    expect(again.body).toEqual({ statusCode: 400, responseBody: { message: "Duplicate transactionId" } });
    expect(Object.keys(sb.state.data.payments).length).toBe(count);
  });
});

describe("errors in the interface's own shape", () => {
  it("the status query and the partial refund in a wrong content type answer 415 in their wrapper", async () => {
    const id = await pay(sb);
    for (const path of ["/payment/status", "/payment/refund"]) {
      const res = await postForm(sb, path, { order_id: orderOf(sb, id), gway_Payment_id: id });
      expect(res.status, path).toBe(415);
      const body = await res.json();
      expect(body, path).toMatchObject({ statusCode: 415, responseBody: { message: expect.stringContaining("send json") } });
    }
  });
});

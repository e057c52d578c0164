// Rules guarded: a form SALE is refused unless merchant, fields and hash are right; a valid one redirects to the
// collector; the collector and the 3-D Secure challenge decide the payment exactly as the test card says.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "./server";
import { CARD, D, answer, collect, orderOf, postForm, sale, saleFields, start, status } from "../tests/support/sandbox-client.support";

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

const statusOf = async (transId: string) => (await status(sb, transId, orderOf(sb, transId))).body.responseBody;

describe("SALE request checks", () => {
  it("a valid multipart SALE answers REDIRECT with the collector URL and a base64 body", async () => {
    const { status: code, body } = await sale(sb, { amount: "10.50" });
    expect(code).toBe(200);
    expect(body).toMatchObject({ action: "SALE", result: "REDIRECT", status: "REDIRECT", amount: "10.50", currency: "SAR" });
    expect(body.redirect_url).toBe(`${sb.url}/collector/${body.trans_id}`);
    expect(body.redirect_method).toBe("POST");
    expect(body.trans_date).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.parse(Buffer.from(body.redirect_params.body, "base64").toString()).trans_id).toBe(body.trans_id);
  });

  // A strict sandbox: what the contract does not allow is refused here, so that a client regression fails in the tests
  // and not against the real gateway.
  it("a SALE in any content type but multipart/form-data (4.1) is refused (ERROR 100000) and creates nothing", async () => {
    const before = Object.keys(sb.state.data.payments).length;
    const r = await sale(sb, { multipart: false });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ result: "ERROR", error_code: 100000 });
    expect(JSON.stringify(r.body)).toContain("send multipart");
    expect(Object.keys(sb.state.data.payments).length).toBe(before);
  });

  it("the action is spelled as the contract does: `sale` or ` SALE` is not an action", async () => {
    for (const action of ["sale", " SALE", "Sale"]) {
      const r = await sale(sb, { extra: { action } });
      expect(r.body, action).toMatchObject({ result: "ERROR" });
      expect(JSON.stringify(r.body)).toContain("action");
    }
  });

  it("the card as the contract writes it: digits only, month MM (a spaced number or a one-digit month is refused)", async () => {
    const spaced = await sale(sb, { extra: { card_number: "4111 1111 1111 1111" } });
    expect(JSON.stringify(spaced.body)).toContain("card_number: invalid card number");
    const dashed = await sale(sb, { extra: { card_number: "4111-1111-1111-1111" } });
    expect(JSON.stringify(dashed.body)).toContain("card_number: invalid card number");
    const month = await sale(sb, { extra: { card_exp_month: "1" } });
    expect(JSON.stringify(month.body)).toContain("card_exp_month: must be a month MM");
    const padded = await sale(sb, { extra: { card_cvv2: " 123" } });
    expect(JSON.stringify(padded.body)).toContain("card_cvv2");
  });

  it("a wrong client_key is refused with 204002", async () => {
    const res = await postForm(sb, "/payment/post", saleFields({ extra: { client_key: "nope" } }), true);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      result: "ERROR",
      error_code: 204002,
      error_message: "Invalid Client Key / Merchant ID",
      errors: [],
    });
  });

  it("a bad hash is refused with 100000 / Invalid Hash value and creates no payment", async () => {
    const before = Object.keys(sb.state.data.payments).length;
    const res = await postForm(sb, "/payment/post", saleFields({ extra: { hash: "0".repeat(32) } }), true);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ result: "ERROR", error_code: 100000, error_message: "Request data is invalid." });
    expect(body.errors).toContainEqual({ error_code: 100000, error_message: "Invalid Hash value" });
    expect(Object.keys(sb.state.data.payments).length).toBe(before);
  });

  it("a non-Luhn card number is a request error (100000), not a decline", async () => {
    const { status: code, body } = await sale(sb, { card: "4111111111111112" });
    expect(code).toBe(400);
    expect(body.error_code).toBe(100000);
    expect(body.errors.map((e: { error_message: string }) => e.error_message).join()).toMatch(/card_number/);
  });

  it("missing fields are each named in errors", async () => {
    const f = saleFields();
    delete f.payer_email;
    delete f.order_currency;
    const body = await (await postForm(sb, "/payment/post", f, true)).json();
    const messages = body.errors.map((e: { error_message: string }) => e.error_message);
    expect(messages).toEqual(expect.arrayContaining(["payer_email: is required", "order_currency: is required"]));
  });

  it("a duplicate order_id is refused while the first payment stands", async () => {
    const first = await sale(sb);
    const again = await sale(sb, { order: first.body.order_id });
    expect(again.body).toMatchObject({ result: "ERROR", error_code: 100000 });
  });

  it("an unknown action is refused", async () => {
    const body = await (await postForm(sb, "/payment/post", { action: "REFUND_ALL", client_key: D.clientKey })).json();
    expect(body.result).toBe("ERROR");
  });
});

describe("collector and challenge by test card", () => {
  it("01/2038 settles at the collector and sends the customer to term_url_3ds with its query kept", async () => {
    const s = await sale(sb, { exp: "01/2038" });
    const { status: code, html } = await collect(sb, s.body);
    expect(code).toBe(200);
    expect(html).toContain('action="https://merchant.example/return"');
    expect(html).toContain('name="ref" value="abc"');
    expect(html).toContain(`name="trans_id" value="${s.body.trans_id}"`);
    expect(html).toContain(`name="order_id" value="${s.body.order_id}"`);
    expect(html).toMatch(/<button type="submit">Continue<\/button>/);
    expect((await statusOf(s.body.trans_id)).status).toBe("settled");
  });

  it("auth=Y on 01/2038 leaves the payment authorized (pending), not captured", async () => {
    const s = await sale(sb, { auth: true });
    await collect(sb, s.body);
    expect((await statusOf(s.body.trans_id)).status).toBe("PENDING");
  });

  it("02/2038 is declined with a reason", async () => {
    const s = await sale(sb, { exp: "02/2038" });
    await collect(sb, s.body);
    const st = await statusOf(s.body.trans_id);
    expect(st).toMatchObject({ status: "TXN_FAILURE", reason: "FAILURE", decline_reason: "Transaction declined by issuer" });
  });

  it("a declined order id can be used again", async () => {
    const s = await sale(sb, { exp: "02/2038" });
    await collect(sb, s.body);
    expect((await sale(sb, { order: s.body.order_id })).body.result).toBe("REDIRECT");
  });

  it("a card outside the sandbox is declined as not enrolled; a wrong expiry on a test card is declined", async () => {
    const a = await sale(sb, { card: "4012888888881881" });
    await collect(sb, a.body);
    expect((await statusOf(a.body.trans_id)).decline_reason).toBe("Card not enrolled in the sandbox");
    const b = await sale(sb, { exp: "07/2038" });
    await collect(sb, b.body);
    expect((await statusOf(b.body.trans_id)).decline_reason).toBe("Invalid expiry date for test card");
  });

  it("05/2038 shows an accessible challenge page; otp 1234 approves", async () => {
    const s = await sale(sb, { exp: "05/2038" });
    const res = await fetch(s.body.redirect_url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ body: s.body.redirect_params.body }),
    });
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const page = await res.text();
    expect(page).toMatch(/<html lang="en">/);
    expect(page).toMatch(/<title>3-D Secure/);
    expect(page).toContain('<label for="otp">');
    expect(page).toContain("Sandbox: 1234 approves");
    expect(page).toContain(`action="${sb.url}/payment/challenge/${s.body.trans_id}"`);
    expect(page).not.toMatch(/cookie|localStorage|window\.top|parent\./);
    expect((await statusOf(s.body.trans_id)).status).toBe("REDIRECT");
    await answer(sb, s.body.trans_id, "1234");
    expect((await statusOf(s.body.trans_id)).status).toBe("settled");
  });

  it("05/2038 with any other otp is declined", async () => {
    const s = await sale(sb, { exp: "05/2038" });
    await collect(sb, s.body, "0000");
    expect((await statusOf(s.body.trans_id)).decline_reason).toBe("3-D Secure authentication failed");
  });

  it("06/2038 is declined after the challenge even with otp 1234", async () => {
    const s = await sale(sb, { exp: "06/2038" });
    const { html } = await collect(sb, s.body, "1234");
    expect(html).toContain("Payment not completed");
    expect((await statusOf(s.body.trans_id)).status).toBe("TXN_FAILURE");
  });

  it("a challenge answered twice, or a collector call after completion, is an error page (208002)", async () => {
    const s = await sale(sb, { exp: "05/2038" });
    await collect(sb, s.body, "1234");
    const again = await answer(sb, s.body.trans_id, "1234");
    expect(again.status).toBe(409);
    expect(again.html).toContain("208002");
    const collector = await fetch(s.body.redirect_url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ body: s.body.redirect_params.body }),
    });
    expect(collector.status).toBe(409);
  });

  it("the collector refuses a body that is not the one issued", async () => {
    const s = await sale(sb);
    const forged = Buffer.from(JSON.stringify({ trans_id: s.body.trans_id })).toString("base64");
    const res = await fetch(s.body.redirect_url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ body: forged }),
    });
    expect(res.status).toBe(400);
    expect(sb.state.payment(s.body.trans_id)!.state).toBe("redirect");
  });

  it("/payment/Collector (contract path) with the body alone works too", async () => {
    const s = await sale(sb);
    const res = await fetch(`${sb.url}/payment/Collector`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ body: s.body.redirect_params.body }),
    });
    expect(res.status).toBe(200);
    expect(sb.state.payment(s.body.trans_id)!.state).toBe("settled");
  });

  it("the sandbox never keeps the full card number or the CVV", async () => {
    await sale(sb);
    const dump = JSON.stringify(sb.state.data);
    expect(dump).not.toContain(CARD);
    expect(dump).not.toMatch(/cvv/i);
  });
});

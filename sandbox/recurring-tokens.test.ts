// Rules guarded: recurring charges need a token from a successful recurring_init payment and its own first trans
// id, whole-digit amounts, a valid hash and a new order id; saved card tokens only work for their owner while
// active; decline-next forces the next N charges of a token to decline.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "./server";
import {
  D,
  api,
  collect,
  orderId,
  pay,
  postForm,
  postJson,
  recurringFields,
  sale,
  start,
  type Json,
} from "../tests/support/sandbox-client.support";

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

async function recurringStart(exp = "01/2038"): Promise<{ id: string; token: string }> {
  const id = await pay(sb, { exp, extra: { recurring_init: "Y" } });
  const details = await api(sb, "GET", `/api/v1/transactions/${id}/details`);
  return { id, token: details.body.data.transactionDetails.recurringToken as string };
}

async function recurring(fields: Record<string, string>): Promise<{ status: number; body: Json }> {
  const res = await postForm(sb, "/payment/post", fields);
  return { status: res.status, body: (await res.json()) as Json };
}

const v2 = (token: string, amount: string, number = orderId("v2")) => ({
  transactionId: orderId("tx"),
  recurringToken: token,
  amount,
  order: { number, amount, currency: "SAR", description: "Monthly plan" },
});

const decline = (token: string, count: number, reason?: string) => postJson(sb, "/__sandbox/decline-next", { token, count, reason });

describe("RECURRING_SALE (form)", () => {
  it("charges the card of the first payment as a new settled payment", async () => {
    const { id, token } = await recurringStart();
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    const { status, body } = await recurring(recurringFields(id, token, "25"));
    expect(status).toBe(200);
    expect(body).toMatchObject({ result: "SUCCESS" });
    const charge = sb.state.payment(body.transaction_id)!;
    expect(charge).toMatchObject({ state: "settled", amountMinor: 2500, firstTransId: id });
    expect(charge.card.last4).toBe("1111");
  });

  it("a JSON body is accepted too (the contract names both content types)", async () => {
    const { id, token } = await recurringStart();
    const res = await postJson(sb, "/payment/post", recurringFields(id, token, "7"));
    expect((await res.json()).result).toBe("SUCCESS");
  });

  it("a decimal order_amount is refused (whole digits only)", async () => {
    const { id, token } = await recurringStart();
    expect((await recurring(recurringFields(id, token, "25.50"))).body).toMatchObject({ result: "ERROR", error_code: 100000 });
  });

  it("an invalid hash answers exactly {statusCode:400, responseBody:'Invalid Hash value'}", async () => {
    const { id, token } = await recurringStart();
    const { status, body } = await recurring({ ...recurringFields(id, token, "25"), hash: "0".repeat(40) });
    expect(status).toBe(400);
    expect(body).toEqual({ statusCode: 400, responseBody: "Invalid Hash value" });
  });

  it("a token used with another first trans id, or an unknown token, is refused", async () => {
    const a = await recurringStart();
    const b = await recurringStart();
    expect((await recurring(recurringFields(b.id, a.token, "5"))).body.result).toBe("ERROR");
    expect((await recurring(recurringFields(a.id, "not-a-token", "5"))).body.result).toBe("ERROR");
  });

  it("a payment without recurring_init=Y gives no token", async () => {
    const id = await pay(sb);
    const details = await api(sb, "GET", `/api/v1/transactions/${id}/details`);
    expect(details.body.data.transactionDetails.recurringToken).toBeNull();
  });

  it("a duplicate order_id is refused", async () => {
    const { id, token } = await recurringStart();
    const fields = recurringFields(id, token, "5");
    expect((await recurring(fields)).body.result).toBe("SUCCESS");
    expect((await recurring(fields)).body.result).toBe("ERROR");
  });

  it("decline-next makes exactly the next N charges decline with the given reason", async () => {
    const { id, token } = await recurringStart();
    expect((await decline(token, 2, "Insufficient funds")).status).toBe(200);
    const r1 = await recurring(recurringFields(id, token, "5"));
    const r2 = await recurring(recurringFields(id, token, "5"));
    const r3 = await recurring(recurringFields(id, token, "5"));
    expect(r1.body).toMatchObject({ result: "DECLINED", message: "Insufficient funds" });
    expect(r2.body.result).toBe("DECLINED");
    expect(r3.body.result).toBe("SUCCESS");
    expect(sb.state.payment(r1.body.transaction_id)!.state).toBe("declined");
  });
});

describe("recurring v2 (JSON)", () => {
  it("charges with a valid token: statusCode 200, SUCCESS/SUCCESS, payment_id", async () => {
    const { token } = await recurringStart();
    const res = await api(sb, "POST", "/api/v2/payment-gateway/recurring", v2(token, "12.50"));
    expect(res.body).toMatchObject({ statusCode: 200, responseBody: { result: "SUCCESS", status: "SUCCESS" } });
    expect(sb.state.payment(res.body.responseBody.payment_id)!.amountMinor).toBe(1250);
  });

  it("a forced decline answers statusCode 200 with DECLINED and a reason", async () => {
    const { token } = await recurringStart();
    await decline(token, 1, "Card expired");
    const res = await api(sb, "POST", "/api/v2/payment-gateway/recurring", v2(token, "1.00"));
    expect(res.body).toMatchObject({ statusCode: 200, responseBody: { result: "DECLINED", status: "DECLINED", reason: "Card expired" } });
  });

  it("an unknown token is 400 Invalid recurring token; a duplicate order number is 400; no key is 401", async () => {
    const { token } = await recurringStart();
    const unknown = await api(sb, "POST", "/api/v2/payment-gateway/recurring", v2("nope", "1.00"));
    expect(unknown.body).toEqual({ statusCode: 400, responseBody: { message: "Invalid recurring token" } });
    const body = v2(token, "1.00");
    await api(sb, "POST", "/api/v2/payment-gateway/recurring", body);
    expect((await api(sb, "POST", "/api/v2/payment-gateway/recurring", body)).body.statusCode).toBe(400);
    expect((await postJson(sb, "/api/v2/payment-gateway/recurring", body)).status).toBe(401);
  });

  it("a deactivated recurring token no longer charges", async () => {
    const { token } = await recurringStart();
    await postJson(sb, "/__sandbox/tokens/deactivate", { token });
    const res = await api(sb, "POST", "/api/v2/payment-gateway/recurring", v2(token, "1.00"));
    expect(res.body.responseBody.message).toBe("Invalid recurring token");
  });
});

describe("saved card tokens (protocol family)", () => {
  const email = "saver@example.com";
  const cardsOf = async (ref: string) =>
    (await fetch(`${sb.url}/payment/saved-cards?merchant_id=${D.clientKey}&customer_reference=${encodeURIComponent(ref)}`)).json();

  it("save_token=Y stores the card for the exact payer e-mail, masked, with a two-digit year", async () => {
    await pay(sb, { email, extra: { save_token: "Y" } });
    const cards = await cardsOf(email);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      merchantId: D.clientKey,
      customerReference: email,
      maskedCardNumber: "411111******1111",
      cardBrand: "Visa",
      expiryMonth: "01",
      expiryYear: "38",
      isActive: true,
    });
    expect(typeof cards[0].createdAt).toBe("number");
    expect(await cardsOf(email.toUpperCase())).toEqual([]);
  });

  it("a wrong merchant_id is a 400 (documented choice), missing parameters too", async () => {
    expect((await fetch(`${sb.url}/payment/saved-cards?merchant_id=x&customer_reference=${email}`)).status).toBe(400);
    expect((await fetch(`${sb.url}/payment/saved-cards?merchant_id=${D.clientKey}`)).status).toBe(400);
  });

  it("a token sale of a frictionless card answers its final result at once, without a redirect", async () => {
    await pay(sb, { email, extra: { save_token: "Y" } });
    const [card] = await cardsOf(email);
    const s = await sale(sb, { email, cardToken: card.cardToken });
    expect(s.body).toMatchObject({ action: "SALE", result: "SUCCESS", status: "SETTLED" });
    const auth = await sale(sb, { email, cardToken: card.cardToken, auth: true });
    expect(auth.body).toMatchObject({ result: "SUCCESS", status: "PENDING" });
    await decline(card.cardToken, 1);
    expect((await sale(sb, { email, cardToken: card.cardToken })).body).toMatchObject({
      result: "DECLINED",
      status: "DECLINED",
      decline_reason: "Insufficient funds",
    });
  });

  it("a token sale of a challenge card redirects like a card sale", async () => {
    const e = "challenge-saver@example.com";
    await pay(sb, { email: e, exp: "05/2038", extra: { save_token: "Y" } });
    const [card] = await cardsOf(e);
    const s = await sale(sb, { email: e, cardToken: card.cardToken });
    expect(s.body.result).toBe("REDIRECT");
    await collect(sb, s.body, "1234");
    expect(sb.state.payment(s.body.trans_id)!.state).toBe("settled");
  });

  it("an unknown token is 205005; another payer's or a deactivated token is 205007", async () => {
    expect((await sale(sb, { email, cardToken: "f".repeat(40) })).body.error_code).toBe(205005);
    const [card] = await cardsOf(email);
    expect((await sale(sb, { email: "thief@example.com", cardToken: card.cardToken })).body.error_code).toBe(205007);
    await postJson(sb, "/__sandbox/tokens/deactivate", { token: card.cardToken });
    expect((await sale(sb, { email, cardToken: card.cardToken })).body.error_code).toBe(205007);
    expect((await cardsOf(email))[0].isActive).toBe(false);
  });
});

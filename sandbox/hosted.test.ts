// Rules guarded: a hosted checkout session is created only by a valid, authenticated, unique request; its page
// takes one successful payment at most, refuses expired or paid sessions, and returns the customer by outcome.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "./server";
import { api, orderId, postJson, start } from "../tests/support/sandbox-client.support";

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

const initiateBody = (over: Record<string, unknown> = {}) => ({
  orderId: orderId("hosted"),
  currency: "SAR",
  amount: 75.25,
  customerDetails: { name: "Noura Test", email: "payer@example.com", phone: "+966500000000" },
  successUrl: "https://merchant.example/success?s=1",
  failureUrl: "https://merchant.example/failure",
  ...over,
});

async function initiate(over: Record<string, unknown> = {}) {
  return api(sb, "POST", "/api/v1/payment-gateway/initiate", initiateBody(over));
}

async function payOnPage(link: string, exp = "01/2038", card = "4111111111111111") {
  const [month, year] = exp.split("/") as [string, string];
  return fetch(link, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ cardNumber: card, expiryMonth: month, expiryYear: year, cvv: "123", cardholderName: "Noura Test" }),
  });
}

describe("initiate", () => {
  it("answers the envelope with a checkout URL holding a UUID sessionId; auth may be left out", async () => {
    const r = await initiate();
    expect(r.body).toMatchObject({ code: 200, message: "Success", errorCode: null });
    const url = new URL(r.body.data.redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${sb.url}/checkout`);
    const session = sb.state.data.sessions[url.searchParams.get("sessionId")!]!;
    expect(session.auth).toBe(false);
  });

  it("defaults expireDate to issueDate + 7 days", async () => {
    const r = await initiate({ issueDate: "2031-02-25" });
    const id = new URL(r.body.data.redirectUrl).searchParams.get("sessionId")!;
    expect(sb.state.data.sessions[id]).toMatchObject({ issueDate: "2031-02-25", expireDate: "2031-03-04" });
  });

  it("validation errors are envelope 400, a duplicate orderId is 409, no key is 401", async () => {
    const bad = await initiate({ currency: "XYZ", successUrl: "javascript:alert(1)", customerDetails: { name: "x" } });
    expect(bad.body).toMatchObject({ code: 400, errorCode: "400", data: null });
    expect(bad.body.message).toMatch(/currency.*successUrl|successUrl.*currency|customerDetails.email/);
    const body = initiateBody();
    await api(sb, "POST", "/api/v1/payment-gateway/initiate", body);
    expect((await api(sb, "POST", "/api/v1/payment-gateway/initiate", body)).body.code).toBe(409);
    expect((await postJson(sb, "/api/v1/payment-gateway/initiate", initiateBody())).status).toBe(401);
  });
});

describe("hosted payment page", () => {
  it("shows the order summary and labelled card inputs", async () => {
    const link = (await initiate()).body.data.redirectUrl;
    const res = await fetch(link);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("SAR 75.25");
    expect(html).toContain("Sandbox Merchant");
    for (const id of ["cardNumber", "expiryMonth", "expiryYear", "cvv", "cardholderName"]) {
      expect(html).toContain(`<label for="${id}">`);
      expect(html).toContain(`id="${id}" name="${id}"`);
    }
    expect(html).toMatch(/<button type="submit">Pay/);
  });

  it("an approved card 303-redirects to successUrl with sessionId, orderId and paymentId; the link is then closed", async () => {
    const body = initiateBody();
    const link = (await api(sb, "POST", "/api/v1/payment-gateway/initiate", body)).body.data.redirectUrl;
    const res = await payOnPage(link);
    expect(res.status).toBe(303);
    const to = new URL(res.headers.get("location")!);
    expect(`${to.origin}${to.pathname}`).toBe("https://merchant.example/success");
    expect(to.searchParams.get("s")).toBe("1");
    expect(to.searchParams.get("orderId")).toBe(body.orderId);
    expect(to.searchParams.get("sessionId")).toBe(new URL(link).searchParams.get("sessionId"));
    expect(sb.state.payment(to.searchParams.get("paymentId")!)!.state).toBe("settled");
    const again = await fetch(link);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("already been paid");
    expect((await payOnPage(link)).status).toBe(409);
  });

  it("a declined card goes to failureUrl and the session stays open for another try", async () => {
    const link = (await initiate()).body.data.redirectUrl;
    const res = await payOnPage(link, "02/2038");
    expect(res.headers.get("location")).toMatch(/^https:\/\/merchant\.example\/failure\?/);
    expect((await fetch(link)).status).toBe(200);
  });

  it("a challenge card shows the challenge; the answer 303-redirects by outcome", async () => {
    const link = (await initiate()).body.data.redirectUrl;
    const page = await (await payOnPage(link, "05/2038")).text();
    const action = /action="([^"]+\/payment\/challenge\/[^"]+)"/.exec(page)![1]!;
    const res = await fetch(action, { method: "POST", redirect: "manual", body: new URLSearchParams({ otp: "1234" }) });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^https:\/\/merchant\.example\/success\?/);
  });

  it("two challenges on one session: only the first approved one pays", async () => {
    const link = (await initiate()).body.data.redirectUrl;
    const pageA = await (await payOnPage(link, "05/2038")).text();
    const pageB = await (await payOnPage(link, "05/2038")).text();
    const act = (p: string) => /action="([^"]+\/payment\/challenge\/[^"]+)"/.exec(p)![1]!;
    const a = await fetch(act(pageA), { method: "POST", redirect: "manual", body: new URLSearchParams({ otp: "1234" }) });
    const b = await fetch(act(pageB), { method: "POST", redirect: "manual", body: new URLSearchParams({ otp: "1234" }) });
    expect(a.headers.get("location")).toMatch(/success/);
    expect(b.headers.get("location")).toMatch(/failure/);
  });

  it("an invalid card number re-shows the form with an error and creates no payment", async () => {
    const link = (await initiate()).body.data.redirectUrl;
    const before = Object.keys(sb.state.data.payments).length;
    const res = await payOnPage(link, "01/2038", "4111111111111112");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('role="alert"');
    expect(Object.keys(sb.state.data.payments).length).toBe(before);
  });

  it("an expired session shows a page saying so; an unknown one too", async () => {
    const link = (await initiate({ issueDate: "2020-01-01", expireDate: "2020-01-08" })).body.data.redirectUrl;
    const res = await fetch(link);
    expect(res.status).toBe(410);
    expect(await res.text()).toContain("expired");
    expect((await fetch(`${sb.url}/checkout?sessionId=nope`)).status).toBe(404);
  });
});
